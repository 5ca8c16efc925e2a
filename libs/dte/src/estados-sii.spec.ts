import { RESULTADOS_SII, resultadoDeBoleta, resultadoDeEnvio, resultadoDeLibro } from './estados-sii';

// docs/research/sii-protocol.md §2.5: the QueryEstUp states and the EPR counts per TIPO_DOCTO.
const conteo = (tipo_dte: number, rechazados: number, reparos: number) => ({
  tipo_dte,
  informados: 1,
  aceptados: 1 - rechazados,
  rechazados,
  reparos,
});

describe('resultadoDeEnvio', () => {
  it.each([
    ['EPR', [conteo(33, 0, 0)], 'aceptado'],
    ['EPR', [conteo(33, 0, 1)], 'aceptado_con_reparos'],
    ['EPR', [conteo(33, 1, 0)], 'rechazado'],
    ['EPR', [conteo(34, 1, 0), conteo(33, 0, 0)], 'aceptado'],
    ['EPR', [conteo(34, 0, 0)], 'pendiente'],
    ['EPR', null, 'pendiente'],
    ['RSC', null, 'rechazado'],
    ['RFR', [], 'rechazado'],
    ['RCT', null, 'rechazado'],
    ['RPT', null, 'rechazado'],
    ['VOF', null, 'rechazado'],
    ['REC', null, 'pendiente'],
    ['SOK', null, 'pendiente'],
    ['PDR', null, 'pendiente'],
    ['uploaded', null, 'pendiente'],
    ['upload_failed', null, 'pendiente'],
  ] as const)('%s with %j is %s for a 33', (estado, documentos, esperado) => {
    expect(resultadoDeEnvio(estado, documentos, 33)).toBe(esperado);
  });

  it('answers only the four published outcomes', () => {
    expect(RESULTADOS_SII).toEqual(['aceptado', 'aceptado_con_reparos', 'rechazado', 'pendiente']);
  });
});

describe('resultadoDeLibro', () => {
  it.each([
    ['LOK', 'aceptado'],
    ['EPR', 'aceptado'],
    ['LRH', 'rechazado'],
    ['RCO', 'rechazado'],
    ['RSC', 'rechazado'],
    ['RCT', 'rechazado'],
    ['RPT', 'rechazado'],
    ['REC', 'pendiente'],
    ['SOK', 'pendiente'],
    ['signed', 'pendiente'],
    ['upload_failed', 'pendiente'],
  ] as const)('%s is %s', (estado, esperado) => {
    expect(resultadoDeLibro(estado)).toBe(esperado);
  });
});

describe('resultadoDeBoleta', () => {
  // docs/research/boletas.md §1.4: the REST envío estado, `estadistica` per type and `detalle_rep_rech` per boleta.
  const boleta = { tipoDte: 39, folio: 7 };
  const stats = (informados: number, aceptados: number, reparos = 0) => [
    { tipo_dte: 39, informados, aceptados, rechazados: informados - aceptados, reparos },
  ];
  it.each([
    ['EPR', stats(3, 3), [], 'aceptado'],
    ['EPR', stats(3, 2), [{ tipo: 39, folio: 8, estado: 'RCH' }], 'aceptado'],
    ['EPR', stats(3, 2), [{ tipo: 39, folio: 7, estado: 'RCH' }], 'rechazado'],
    ['EPR', stats(3, 3, 1), [{ tipo: 39, folio: 7, estado: 'RPR' }], 'aceptado_con_reparos'],
    ['EPR', stats(3, 3, 1), [{ tipo: 39, folio: 7, estado: 'RLV' }], 'aceptado_con_reparos'],
    ['EPR', stats(1, 0), [{ tipo: null, folio: null, estado: 'RCH' }], 'rechazado'],
    ['EPR', stats(3, 3), null, 'aceptado'],
    ['EPR', stats(3, 3, 1), null, 'aceptado_con_reparos'],
    ['EPR', stats(3, 2), null, 'pendiente'],
    ['EPR', null, null, 'pendiente'],
    ['RPR', stats(3, 3, 1), null, 'aceptado_con_reparos'],
    ['PRD', null, null, 'pendiente'],
    ['REC', null, null, 'pendiente'],
    ['RSC', null, null, 'rechazado'],
    ['RCO', null, null, 'rechazado'],
    ['RCH', null, null, 'rechazado'],
    ['RPT', null, null, 'rechazado'],
  ] as const)('%s with %j and %j is %s for boleta 39 N° 7', (estado, estadistica, observadas, esperado) => {
    expect(resultadoDeBoleta(estado, estadistica, observadas, boleta)).toBe(esperado);
  });
});
