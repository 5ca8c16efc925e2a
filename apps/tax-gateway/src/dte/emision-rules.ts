import { DocumentoInput, DteError, EmisorInput, buildDte, encodeLatin1, santiagoTimestamp } from '@lib/dte';
import { ProblemException } from '@lib/schemas';
import { TaxpayerRecord } from '../contribuyente/taxpayer-source';
import { EmisorEntity } from '../emisores/entities/emisor.entity';

/**
 * Emisor of a DTE: the legal data from the tenant's canonical SII record (docs/tax-gateway.md
 * "Canonical data": RznSoc, GiroEmis from the first giro, DirOrigen, CmnaOrigen) and what the tenant
 * registered with PUT /tax/emisores (Acteco to print, CdgSIISucur, CorreoEmisor). A DTE issued from a branch
 * (`codigoSucursal`, else the tenant's default branch) carries that branch's CdgSIISucur and its address as DirOrigen,
 * CmnaOrigen and CiudadOrigen (SII Formato DTE v2.2 §A Emisor: "DirOrigen: dirección de la casa matriz o sucursal
 * desde donde se emite"). DirOrigen and CmnaOrigen are required by the SII for every DTE, so they are never left out.
 * @throws ProblemException 422 `taxpayer_incomplete` when the SII record has no giro with an activity
 *   code (and the tenant registered none), or no address or comuna; `sucursal_unknown` for a branch the tenant did
 *   not register with its address.
 */
export function emisorFrom(record: TaxpayerRecord, emisor: EmisorEntity, codigoSucursal?: number): EmisorInput {
  const giros = record.giros.filter((g) => /^\d{1,6}$/.test(g.codigo));
  const actecos = emisor.actecos.length > 0 ? emisor.actecos : giros.slice(0, 4).map((g) => Number(g.codigo));
  const origen = origenOf(record, emisor, codigoSucursal ?? emisor.codigoSucursal ?? undefined);
  const missing = [
    record.giros.length === 0 && 'a giro (GiroEmis)',
    actecos.length === 0 && 'an activity code (Acteco; or register actecos with PUT /tax/emisores)',
    !origen.direccion?.trim() && 'the address (DirOrigen)',
    !origen.comuna?.trim() && 'the comuna (CmnaOrigen)',
  ].filter(Boolean);
  if (missing.length > 0) {
    throw new ProblemException(422, 'taxpayer_incomplete', `The SII data of ${record.rut} lacks ${missing.join(', ')}.`);
  }
  return {
    rut: record.rut,
    razon_social: record.razon_social,
    giro: (giros[0] ?? record.giros[0]).descripcion,
    acteco: actecos,
    ...origen,
    direccion: origen.direccion as string,
    comuna: origen.comuna as string,
    ...(emisor.correoIntercambio !== null ? { correo: emisor.correoIntercambio } : {}),
  };
}

/** DirOrigen, CmnaOrigen (and CdgSIISucur, CiudadOrigen) of the head office or of a registered branch. */
function origenOf(record: TaxpayerRecord, emisor: EmisorEntity, codigo: number | undefined): Partial<EmisorInput> {
  if (codigo === undefined) return { direccion: record.direccion ?? undefined, comuna: record.comuna ?? undefined };
  const sucursal = (emisor.sucursales ?? []).find((s) => s.codigo === codigo);
  if (!sucursal) {
    const message = `register branch ${codigo} with its address (sucursales of PUT /tax/emisores/${emisor.tenant})`;
    throw new ProblemException(422, 'sucursal_unknown', `codigo_sucursal ${codigo}: ${message}.`, {
      errors: [{ field: 'codigo_sucursal', message }],
    });
  }
  return {
    cdg_sii_sucur: codigo,
    direccion: sucursal.direccion,
    comuna: sucursal.comuna,
    ...(sucursal.ciudad ? { ciudad: sucursal.ciudad } : {}),
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
