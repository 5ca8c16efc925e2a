import { DocumentoInput, DteError, EmisorInput, buildDte, encodeLatin1, santiagoTimestamp } from '@lib/dte';
import { ProblemException } from '@lib/schemas';
import { TaxpayerRecord } from '../contribuyente/taxpayer-source';
import { EmisorEntity } from '../emisores/entities/emisor.entity';

/**
 * Emisor of a DTE: the legal data from the tenant's canonical SII record (docs/tax-gateway.md
 * "Canonical data": RznSoc, GiroEmis from the first giro, DirOrigen, CmnaOrigen) and what the tenant
 * registered with PUT /tax/emisores (Acteco to print, CdgSIISucur, CorreoEmisor). DirOrigen and
 * CmnaOrigen are required by the SII for every DTE (Formato DTE v2.2, Encabezado/Emisor), so they are
 * never left out silently.
 * @throws ProblemException 422 `taxpayer_incomplete` when the SII record has no giro with an activity
 *   code (and the tenant registered none), or no address or comuna.
 */
export function emisorFrom(record: TaxpayerRecord, emisor: EmisorEntity): EmisorInput {
  const giros = record.giros.filter((g) => /^\d{1,6}$/.test(g.codigo));
  const actecos = emisor.actecos.length > 0 ? emisor.actecos : giros.slice(0, 4).map((g) => Number(g.codigo));
  const missing = [
    record.giros.length === 0 && 'a giro (GiroEmis)',
    actecos.length === 0 && 'an activity code (Acteco; or register actecos with PUT /tax/emisores)',
    !record.direccion?.trim() && 'the address (DirOrigen)',
    !record.comuna?.trim() && 'the comuna (CmnaOrigen)',
  ].filter(Boolean);
  if (missing.length > 0) {
    throw new ProblemException(422, 'taxpayer_incomplete', `The SII data of ${record.rut} lacks ${missing.join(', ')}.`);
  }
  return {
    rut: record.rut,
    razon_social: record.razon_social,
    giro: (giros[0] ?? record.giros[0]).descripcion,
    acteco: actecos,
    direccion: record.direccion as string,
    comuna: record.comuna as string,
    ...(emisor.codigoSucursal !== null ? { cdg_sii_sucur: emisor.codigoSucursal } : {}),
    ...(emisor.correoIntercambio !== null ? { correo: emisor.correoIntercambio } : {}),
  };
}

/** The Caratula's FchResol and NroResol: the tenant's own SII authorization. */
export function resolucionOf(emisor: EmisorEntity): Resolucion {
  return { fchResol: emisor.fechaResolucion, nroResol: emisor.numeroResolucion };
}

/** The issuer's SII resolution as the Caratula carries it. */
export interface Resolucion {
  fchResol: string;
  nroResol: number;
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

/** Like {@link asDteProblem} for an async `fn`. */
export async function asDteProblemAsync<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    return asDteProblem(() => {
      throw err;
    });
  }
}

/** The same problem with more extension members (e.g. `emision_id`), headers kept. */
export function withMembers(problem: ProblemException, extra: Record<string, unknown>): ProblemException {
  const { type: _type, title: _title, instance: _instance, status, error, detail, ...members } = problem.getProblem();
  return new ProblemException(status, error, detail, { ...members, ...extra, headers: problem.headers, cause: problem });
}
