import { DteParseError } from '../errors';
import { parseEstadoBoleta, parseEstadoEnvioBoleta, parseResultadoEnvioBoleta } from './boleta-answers';

// The OpenAPI's example answer, as reproduced by peers (docs/research/boletas.md §1.4).
const EJEMPLO = `{ "rut_emisor": "45000054-K", "rut_envia": "8315495-0", "trackid": 1014,
  "fecha_recepcion": "30/07/2020 07:57:42", "estado": "EPR",
  "estadistica": [ { "tipo": 39, "informados": 3, "aceptados": 2, "rechazados": 1, "reparos": 0 } ],
  "detalle_rep_rech": [ { "tipo": 39, "folio": 1202, "estado": "RCH", "descripcion": "Dte Rechazado",
      "error": [ { "seccion": "CRT", "linea": 155, "nivel": 3, "codigo": 11,
                   "descripcion": "RUT envia diferente al Upload", "detalle": "…" } ] } ] }`;

describe('the boleta service answers', () => {
  it('reads the OpenAPI example of an envío estado', () => {
    expect(parseEstadoEnvioBoleta(EJEMPLO)).toEqual({
      trackid: '1014',
      estado: 'EPR',
      estadistica: [{ tipo_dte: 39, informados: 3, aceptados: 2, rechazados: 1, reparos: 0 }],
      observadas: [
        {
          tipo: 39,
          folio: 1202,
          estado: 'RCH',
          descripcion: 'Dte Rechazado',
          errores: [{ seccion: 'CRT', nivel: 3, codigo: 11, descripcion: 'RUT envia diferente al Upload', detalle: '…' }],
        },
      ],
    });
  });

  it('keeps a list not given yet apart from an empty one, and a whole-envío entry without tipo or folio', () => {
    expect(parseEstadoEnvioBoleta('{"trackid":"123456789012345","estado":"PRD","detalle_rep_rech":null}')).toMatchObject({
      trackid: '123456789012345',
      observadas: null,
      estadistica: [],
    });
    const rsc = parseEstadoEnvioBoleta('{"trackid":5,"estado":"RSC","detalle_rep_rech":[{"tipo":null,"folio":null,"estado":"RCH"}]}');
    expect(rsc.observadas?.[0]).toMatchObject({ tipo: null, folio: null, estado: 'RCH', errores: [] });
  });

  it('reads the upload answer ResultadoEnvioPost', () => {
    const body =
      '{"rut_emisor":"76555835-2","rut_envia":"12345678-5","trackid":123456789012345,"fecha_recepcion":"x","estado":"REC","file":"a.xml"}';
    expect(parseResultadoEnvioBoleta(body)).toEqual({ trackid: '123456789012345', estado: 'REC' });
  });

  it.each(['', 'NO ESTA AUTENTICADO', '[]', '{"estado":"REC"}', '{"trackid":1,"estado":"<b>"}', '{"trackid":"1e5","estado":"REC"}'])(
    'refuses %j with DteParseError',
    (body) => {
      expect(() => parseResultadoEnvioBoleta(body)).toThrow(DteParseError);
    },
  );

  it('reads one boleta\'s EstadoBoletaRespuesta, and refuses the plain-text "falta ..." answers', () => {
    expect(parseEstadoBoleta('{"codigo":"DOK","descripcion":"Documento Recibido por el SII."}')).toEqual({
      codigo: 'DOK',
      descripcion: 'Documento Recibido por el SII.',
    });
    expect(() => parseEstadoBoleta('falta monto')).toThrow(DteParseError);
  });
});
