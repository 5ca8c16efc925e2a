import type { SiiFakeState } from './state';
import { leerDte, type DteLeido } from './dte-leido';
import { encabezadoRechazos } from './encabezado-checks';
import { referenciaRechazos } from './referencia-checks';
import { cafVencido, fechaAntesDelCaf, tedRechazos } from './ted-checks';
import { reparosDeMontos } from './totales-checks';
import type { UploadedDocument } from './types';

export interface Juicio {
  rechazos: string[];
  reparos: string[];
}

/** The stand-in's own code: eslint.config.mjs forbids libs/dte's totals, DD/TED and discrepancy code. Reparos are no grounds
 * for rejection (Formato DTE v2.2 §2.2). */
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

/** docs/research/sii-protocol.md §2.5: RLV when only amounts differ (§2.2), since the SII's RPR/RLV split is unpublished; unreadable is RCH. */
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

/** What the RCV, QueryEstDte and RegistroReclamoDTE read. */
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
    montos: montosRegistrados(dte, n),
    referencias: dte.referencias
      .filter((r) => /^\d+$/.test(r.tpoDocRef) && /^\d+$/.test(r.folioRef))
      .map((r) => ({ tipo: Number(r.tpoDocRef), folio: Number(r.folioRef), ...(r.codRef ? { codigo: Number(r.codRef) } : {}) })),
  };
}

/** An export's registers (RCV, QueryEstDte's integer MontoDte) hold its OtraMoneda pesos (docs/research/exportacion.md §3): an
 * inference, no source says what the SII stores. */
function montosRegistrados(dte: DteLeido, n: (v: string | undefined) => number): UploadedDocument['montos'] {
  const pesos = dte.exportacion?.otraMoneda;
  if (pesos) return { exento: n(pesos.mntExeOtrMnda), neto: 0, iva: 0, total: n(pesos.mntTotOtrMnda) };
  return { exento: n(dte.totales.mntExe), neto: n(dte.totales.mntNeto), iva: n(dte.totales.iva), total: n(dte.totales.mntTotal) };
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
