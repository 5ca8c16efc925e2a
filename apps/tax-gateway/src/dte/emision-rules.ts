import { DocumentoInput, DteError, EmisorInput, buildDte, encodeLatin1, santiagoTimestamp } from '@lib/dte';
import { ProblemException } from '@lib/schemas';
import { TaxpayerRecord } from '../contribuyente/taxpayer-source';
import { EmisorEntity } from '../emisores/entities/emisor.entity';

/**
 * The tenant's canonical SII record plus its PUT /tax/emisores data (docs/tax-gateway.md "Canonical data"). A branch's DTE carries the
 * branch's address (SII Formato DTE v2.2 §A Emisor: "DirOrigen: dirección de la casa matriz o sucursal desde donde se emite"); DirOrigen
 * and CmnaOrigen are never left out.
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

export function resolucionOf(emisor: EmisorEntity): Resolucion {
  return { fchResol: emisor.fechaResolucion, nroResol: emisor.numeroResolucion };
}

export interface Resolucion {
  fchResol: string;
  nroResol: number;
}

// A stand-in TED with the shape buildDte requires; only used to check the input before a folio is taken.
const DRY_RUN_TED = '<TED version="1.0"><DD></DD><FRMT algoritmo="SHA1withRSA">AA==</FRMT></TED>';

/** Bad input (an overlong legal name, a character outside ISO-8859-1) is a 422 before any folio is taken. */
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
