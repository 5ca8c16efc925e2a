import { ProblemException } from '@lib/schemas';
import { checkCedible, declaracionJurada, type EstadoDocumento } from './cesion-rules';

const NOW = new Date('2026-03-20T12:00:00Z');
const DIA = 86_400_000;
const error = (d: Partial<EstadoDocumento>, declarada = false): string | undefined => {
  try {
    checkCedible(
      { tipoDte: 33, resultado: 'aceptado', eventos: [], recibidoPorSii: new Date(NOW.getTime() - 9 * DIA), ...d },
      NOW,
      declarada,
    );
    return undefined;
  } catch (err) {
    return (err as ProblemException).getProblem()['error'] as string;
  }
};

describe('checkCedible (docs/research/cesion.md §4)', () => {
  it('lets an accepted factura go once its receipt was given, presumed after 8 days, or declared on paper', () => {
    expect(error({})).toBeUndefined();
    expect(error({ recibidoPorSii: new Date(NOW.getTime() - 8 * DIA) })).toBeUndefined();
    expect(error({ recibidoPorSii: new Date(NOW.getTime() - 2 * DIA), eventos: [{ codigo: 'ERM' }] })).toBeUndefined();
    expect(error({ recibidoPorSii: new Date(NOW.getTime() - 2 * DIA), eventos: [{ codigo: 'ACD' }] })).toBeUndefined();
    expect(error({ recibidoPorSii: new Date(NOW.getTime() - 2 * DIA) }, true)).toBeUndefined();
    expect(error({ resultado: 'aceptado_con_reparos' })).toBeUndefined();
  });

  it('refuses a type outside 33, 34, 43, 46, a document not accepted, a claimed one, and one inside its 8 days', () => {
    expect(error({ tipoDte: 61 })).toBe('tipo_dte_not_cedible');
    expect(error({ tipoDte: 52 })).toBe('tipo_dte_not_cedible');
    expect(error({ resultado: 'pendiente' })).toBe('dte_not_accepted');
    expect(error({ resultado: 'rechazado' })).toBe('dte_not_accepted');
    expect(error({ eventos: [{ codigo: 'ERM' }, { codigo: 'RCD' }] })).toBe('dte_claimed');
    expect(error({ eventos: [{ codigo: 'RFT' }] }, true)).toBe('dte_claimed');
    expect(error({ recibidoPorSii: new Date(NOW.getTime() - 8 * DIA + 1000) })).toBe('acuse_recibo_missing');
    expect(error({ recibidoPorSii: undefined })).toBe('acuse_recibo_missing');
  });

  it('writes the SII’s DeclaracionJurada text (FMT C.14) with the parties, within 512 characters', () => {
    const texto = declaracionJurada({
      cedente: { rut: '76086428-5', razon_social: 'ACME SpA' },
      cesionario: { rut: '96500000-1', razon_social: 'Factoring del Sur S.A.' },
      deudor: { rut: '77777777-7', razon_social: 'Cliente Ltda' },
    });
    expect(texto).toBe(
      'Se declara bajo juramento que ACME SpA, RUT 76086428-5 ha puesto a disposición del cesionario Factoring del Sur S.A., ' +
        'RUT 96500000-1, el o los documentos donde constan los recibos de las mercaderías entregadas o servicios prestados, ' +
        'entregados por parte del deudor de la factura Cliente Ltda, RUT 77777777-7, de acuerdo a lo establecido en la Ley N° 19.983',
    );
    expect(texto.length).toBeLessThanOrEqual(512);
  });
});
