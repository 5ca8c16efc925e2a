import Ajv2020 from 'ajv/dist/2020';
import { DOCUMENTO_SII_JSON_SCHEMA, NOTIFICACION_JSON_SCHEMA } from '@lib/schemas';
import { DETALLE, DOCUMENTOS, LISTA } from './buzon.fixtures';
import { parseDocumentos, parseNotificacion, parseNotificaciones } from './parse-buzon';

describe('NOTIFICACION_JSON_SCHEMA and DOCUMENTO_SII_JSON_SCHEMA (libs/schemas)', () => {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  const notificacion = ajv.compile(NOTIFICACION_JSON_SCHEMA);
  const documento = ajv.compile(DOCUMENTO_SII_JSON_SCHEMA);

  it('accepts every notification the parser reads, from the list and the detail page', () => {
    for (const n of [...parseNotificaciones(LISTA), parseNotificacion(DETALLE)]) {
      expect(notificacion(n) ? [] : notificacion.errors).toEqual([]);
    }
  });

  it('accepts every document the parser reads', () => {
    for (const d of parseDocumentos(DOCUMENTOS)) expect(documento(d) ? [] : documento.errors).toEqual([]);
  });

  it('refuses a made-up field, a date that is not ISO and a missing field', () => {
    const n = parseNotificacion(DETALLE);
    expect(notificacion({ ...n, extra: 1 })).toBe(false);
    expect(notificacion({ ...n, fecha: '03-11-2026 09:15' })).toBe(false);
    const { cuerpo: _cuerpo, ...sinCuerpo } = n;
    expect(notificacion(sinCuerpo)).toBe(false);
    const [d] = parseDocumentos(DOCUMENTOS);
    expect(documento({ ...d, fecha: '2026-10-15T10:00' })).toBe(false);
    expect(documento({ ...d, numero: 1234 })).toBe(false);
  });
});
