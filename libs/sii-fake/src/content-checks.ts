import type { SiiFakeState } from './state';
import { leerDte, type DteLeido } from './dte-leido';
import { encabezadoRechazos } from './encabezado-checks';
import { referenciaRechazos } from './referencia-checks';
import { cafVencido, fechaAntesDelCaf, tedRechazos } from './ted-checks';
import { reparosDeMontos } from './totales-checks';
import type { UploadedDocument } from './types';

/** The SII's judgement of one DTE's content: reasons to reject it (RCH) and objections it is accepted with. */
export interface Juicio {
  rechazos: string[];
  reparos: string[];
}

/**
 * What the SII checks in the content of each DTE of an envío that passed the upload checks. Every rule is the
 * stand-in's own code, recomputed from the XML (it reads with libs/dte's XML readers and imports none of its
 * totals, DD/TED or discrepancy code; eslint.config.mjs keeps it so):
 * - rechazos (RCH): CAF expired, FchEmis before the CAF's FA, the TED's DD against the document (ted-checks.ts);
 *   DirOrigen/CmnaOrigen, RUTRecep's check digit, a 33 without taxed lines (encabezado-checks.ts); a note's
 *   references (referencia-checks.ts);
 * - reparos: line amounts and every total (totales-checks.ts), which SII Formato DTE v2.2 §2.2 says are not
 *   grounds for rejection.
 */
export function contentProblems(dte: DteLeido, ahora: Date): Juicio {
  return {
    rechazos: [
      ...cafVencido(dte, ahora),
      ...fechaAntesDelCaf(dte),
      ...tedRechazos(dte),
      ...encabezadoRechazos(dte),
      ...referenciaRechazos(dte),
    ],
    reparos: reparosDeMontos(dte),
  };
}

/**
 * The per-document result reported from EPR on (docs/research/sii-protocol.md §2.5): RCH (rechazado) when there is a
 * reason to reject it; RLV, accepted with objections ("reparos leves"), when only amounts differ, since the SII does
 * not reject documents for them (Formato DTE v2.2 §2.2); else DOK. The SII's split of objections between RPR and RLV
 * is not published (docs/research/sii-protocol.md §2.5); the stand-in gives every amount difference RLV, and QueryEstUp counts both
 * among the REPAROS. An unreadable document is rejected.
 */
export function judgeDocument(authority: SiiFakeState, dteXml: string): UploadedDocument {
  let dte: DteLeido;
  let juicio: Juicio;
  try {
    dte = leerDte(dteXml);
    juicio = contentProblems(dte, authority.now());
  } catch (err) {
    return { ...sinDatos(), result: 'RCH', detail: `Documento ilegible: ${(err as Error).message}` };
  }
  const base = registro(dte);
  if (juicio.rechazos.length > 0) return { ...base, result: 'RCH', detail: [...juicio.rechazos, ...juicio.reparos].join('; ') };
  if (juicio.reparos.length > 0) return { ...base, result: 'RLV', detail: juicio.reparos.join('; ') };
  return { ...base, result: 'DOK' };
}

/** What the SII registers of a document (the RCV, QueryEstDte, RegistroReclamoDTE read it). */
function registro(dte: DteLeido): Omit<UploadedDocument, 'result' | 'detail'> {
  const n = (v: string | undefined) => (v && /^-?\d+$/.test(v) ? Number(v) : 0);
  return {
    emisor: dte.rutEmisor,
    tipo: dte.tipo,
    folio: dte.folio,
    receptor: dte.rutRecep,
    razonSocialEmisor: dte.rznSoc,
    razonSocialReceptor: dte.rznSocRecep,
    fechaEmision: dte.fchEmis,
    montos: { exento: n(dte.totales.mntExe), neto: n(dte.totales.mntNeto), iva: n(dte.totales.iva), total: n(dte.totales.mntTotal) },
    referencias: dte.referencias
      .filter((r) => /^\d+$/.test(r.tpoDocRef) && /^\d+$/.test(r.folioRef))
      .map((r) => ({ tipo: Number(r.tpoDocRef), folio: Number(r.folioRef), ...(r.codRef ? { codigo: Number(r.codRef) } : {}) })),
  };
}

function sinDatos(): Omit<UploadedDocument, 'result' | 'detail'> {
  const vacio = { exento: 0, neto: 0, iva: 0, total: 0 };
  return {
    emisor: '',
    tipo: 0,
    folio: 0,
    receptor: '',
    razonSocialEmisor: '',
    razonSocialReceptor: '',
    fechaEmision: '',
    montos: vacio,
    referencias: [],
  };
}
