import { DocumentoInput, DteError, EmisorInput, buildDte, encodeLatin1, santiagoTimestamp } from '@lib/dte';
import { ProblemException } from '@lib/schemas';
import { TaxpayerRecord } from '../contribuyente/taxpayer-source';

/**
 * Emisor of a DTE from the tenant's canonical data (spec 1 §8): RznSoc, GiroEmis (first giro),
 * Acteco (up to 4 giro codes), DirOrigen, CmnaOrigen.
 * @throws ProblemException 422 `taxpayer_incomplete` when the SII lists no giro with an activity code.
 */
export function emisorFrom(record: TaxpayerRecord): EmisorInput {
  const giros = record.giros.filter((g) => /^\d{1,6}$/.test(g.codigo));
  if (giros.length === 0) {
    throw new ProblemException(422, 'taxpayer_incomplete', `The SII data of ${record.rut} has no giro with an activity code (Acteco).`);
  }
  return {
    rut: record.rut,
    razon_social: record.razon_social,
    giro: giros[0].descripcion,
    acteco: giros.slice(0, 4).map((g) => Number(g.codigo)),
    direccion: record.direccion,
    comuna: record.comuna,
  };
}

// A stand-in TED with the shape buildDte requires; only used to check the input before a folio is taken.
const DRY_RUN_TED = '<TED version="1.0"><DD></DD><FRMT algoritmo="SHA1withRSA">AA==</FRMT></TED>';

/**
 * Builds the Documento once with a placeholder folio and TED, so that bad input (an overlong legal
 * name, a character outside ISO-8859-1, ...) is a 422 before any folio is taken.
 */
export function preflight(doc: DocumentoInput): void {
  asDteProblem(() => encodeLatin1(buildDte({ ...doc, folio: 1 }, DRY_RUN_TED, santiagoTimestamp())));
}

/** Runs `fn`, turning a @lib/dte input error into 422 `dte_invalid`. */
export function asDteProblem<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof DteError) throw new ProblemException(422, 'dte_invalid', err.message, { cause: err });
    throw err;
  }
}

/** The same problem with more extension members (e.g. `emision_id`), headers kept. */
export function withMembers(problem: ProblemException, extra: Record<string, unknown>): ProblemException {
  const { type: _type, title: _title, instance: _instance, status, error, detail, ...members } = problem.getProblem();
  return new ProblemException(status, error, detail, { ...members, ...extra, headers: problem.headers, cause: problem });
}
