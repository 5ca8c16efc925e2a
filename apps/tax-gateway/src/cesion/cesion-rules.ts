import { TIPOS_CEDIBLES, type ResultadoSii } from '@lib/dte';
import { ProblemException } from '@lib/schemas';

/** The receiver's claims that make a DTE not assignable (RCL consultarDocDteCedible 24: "DTE reclamado por el receptor"). */
const RECLAMOS = new Set(['RCD', 'RFP', 'RFT']);
/** The receipt given: acuse de recibo of the goods or services (ERM) or acceptance of the content (ACD). */
const ACUSES = new Set(['ERM', 'ACD']);
/** Ley 19.983 art. 4 as amended by Ley 20.956: the receipt is presumed 8 days after the SII received the DTE (RCL code 25). */
const PLAZO_ACUSE_MS = 8 * 24 * 60 * 60 * 1000;

/** What the judge of a cesión knows of the document: its type, the SII's outcome, the RCV events, when the SII received it. */
export interface EstadoDocumento {
  tipoDte: number;
  resultado: ResultadoSii;
  eventos: { codigo: string }[];
  recibidoPorSii?: Date;
}

/**
 * Whether the tenant may assign the document now (docs/research/cesion.md §4): a factura 33, 34, 43 or 46 the SII accepted,
 * not claimed by its receiver, whose receipt was given (ERM, ACD), presumed (8 days since the SII received it) or declared
 * by the cedente (DeclaracionJurada, FMT C.14). Throws 422 `tipo_dte_not_cedible`, 409 `dte_not_accepted`, `dte_claimed` or
 * `acuse_recibo_missing`.
 */
export function checkCedible(d: EstadoDocumento, now: Date, declaracionJurada: boolean): void {
  if (!TIPOS_CEDIBLES.includes(d.tipoDte)) {
    throw new ProblemException(422, 'tipo_dte_not_cedible', `A ${d.tipoDte} cannot be assigned: only ${TIPOS_CEDIBLES.join(', ')}.`);
  }
  if (d.resultado !== 'aceptado' && d.resultado !== 'aceptado_con_reparos') {
    throw new ProblemException(
      409,
      'dte_not_accepted',
      `The SII has not accepted this document (resultado ${d.resultado}): it cannot be assigned yet.`,
    );
  }
  const reclamo = d.eventos.find((e) => RECLAMOS.has(e.codigo));
  if (reclamo)
    throw new ProblemException(409, 'dte_claimed', `The receiver claimed this document (${reclamo.codigo}): it cannot be assigned.`);
  if (d.eventos.some((e) => ACUSES.has(e.codigo)) || declaracionJurada) return;
  const desde = d.recibidoPorSii;
  if (desde && now.getTime() - desde.getTime() >= PLAZO_ACUSE_MS) return;
  const hasta = desde ? new Date(desde.getTime() + PLAZO_ACUSE_MS).toISOString() : 'eight days after the SII received it';
  throw new ProblemException(
    409,
    'acuse_recibo_missing',
    `The receiver has not acknowledged receipt and the 8 days of Ley 19.983 run until ${hasta}: assign it then, or with ` +
      'declaracion_jurada when the receipt was given on paper.',
  );
}

/**
 * The DeclaracionJurada text of FMT C.14 ("Formato Archivo Electrónico de Cesión" v1.1), with the parties filled in.
 */
export function declaracionJurada(p: {
  cedente: { rut: string; razon_social: string };
  cesionario: { rut: string; razon_social: string };
  deudor: { rut: string; razon_social: string };
}): string {
  return (
    `Se declara bajo juramento que ${p.cedente.razon_social}, RUT ${p.cedente.rut} ha puesto a disposición del cesionario ` +
    `${p.cesionario.razon_social}, RUT ${p.cesionario.rut}, el o los documentos donde constan los recibos de las mercaderías ` +
    `entregadas o servicios prestados, entregados por parte del deudor de la factura ${p.deudor.razon_social}, RUT ${p.deudor.rut}, ` +
    'de acuerdo a lo establecido en la Ley N° 19.983'
  ).slice(0, 512);
}
