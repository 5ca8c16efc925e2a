import type { NuevaBoletaHonorarios } from '../bhe';

/** A boleta de honorarios of 145.000 received in October 2026 (retention 15.25 %: 22.113), for the BHE specs. */
export const BOLETA_JUAN: NuevaBoletaHonorarios = {
  receptor_rut: '76086428-5',
  emisor_rut: '12345678-5',
  nombre_emisor: 'JUAN PÉREZ SOTO',
  folio: 123,
  fecha: '2026-10-05',
  bruto: 145000,
};
