import type { TaxpayerRecord } from '../../src/contribuyente/taxpayer-source';

/** A tenant's own record as its carpeta tributaria gives it, for unit specs that need canonical taxpayer data. */
export const taxpayerRecord = (rut: string, razonSocial = `Empresa ${rut} SpA`): TaxpayerRecord => ({
  rut,
  razon_social: razonSocial,
  direccion: 'Moneda 1',
  comuna: 'Santiago',
  giros: [{ codigo: '620200', descripcion: 'CONSULTORIA INFORMATICA' }],
  representantes: [],
  estado: 'vigente',
  fuente: 'carpeta_tributaria',
  autorizacion_dte: null,
});
