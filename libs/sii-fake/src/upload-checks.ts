import { encodeLatin1, parseCaf, verifyCafSignature, verifyTedSignature, type ParsedDte } from '@lib/dte';
import type { SiiFakeState } from './state';
import { verifySignatureElement } from './internal/xmldsig';
import { child, childElements, findAll, findFirst, localName, parseXmlDocument, textOf } from '@lib/dte';
import { contentProblems } from './content-checks';
import type { UploadedDocument } from './types';

/** IDK of the CAFs the SII signs in production (docs/research/sii-protocol.md §3.4; certification uses 100). */
const PRODUCTION_IDK = 300;

export interface Caratula {
  rutEmisor?: string;
  rutEnvia?: string;
  rutReceptor?: string;
  fchResol?: string;
  nroResol?: string;
}

/** Caratula RUTs and resolution of an EnvioDTE (docs/research/sii-protocol.md §3.1). */
export function readCaratula(doc: Document): Caratula {
  const caratula = findFirst(doc.documentElement, 'Caratula');
  return caratula
    ? {
        rutEmisor: textOf(caratula, 'RutEmisor'),
        rutEnvia: textOf(caratula, 'RutEnvia'),
        rutReceptor: textOf(caratula, 'RutReceptor'),
        fchResol: textOf(caratula, 'FchResol'),
        nroResol: textOf(caratula, 'NroResol'),
      }
    : {};
}

/**
 * XMLDSig check of the EnvioDTE envelope: the signature over `#<SetDTE/@ID>` (docs/research/sii-protocol.md §2.3),
 * verified in the whole document with the certificate of its own KeyInfo.
 */
export function checkEnvelopeSignature(xml: string, doc: Document): string[] {
  const root = doc.documentElement;
  const setId = child(root, 'SetDTE')?.getAttribute('ID') ?? '';
  const sig = child(root, 'Signature');
  const check = sig ? verifySignatureElement(xml, sig, `#${setId}`) : undefined;
  return check?.ok ? [] : [`Firma del Envio (${setId || 'SetDTE'}) invalida: ${check?.reason ?? 'sin Signature'}`];
}

/**
 * XMLDSig check of one DTE over `#<Documento/@ID>`. The DTE is verified as a standalone document
 * (its element text as received), which is how both the SII's own example (signed with no
 * namespace in scope) and DTEs signed before being put in an envelope verify; when that fails it
 * is tried in the context of the whole envelope (inclusive C14N with the inherited namespaces).
 */
export function checkDteSignature(fullXml: string, dteXml: string): string | undefined {
  const attempt = (text: string): { ok: boolean; reason?: string } => {
    try {
      const doc = parseXmlDocument(text);
      const dtes = doc.documentElement && localName(doc.documentElement) === 'DTE' ? [doc.documentElement] : findAll(doc, 'DTE');
      const dte = dtes.find((d) => documentoId(d) === documentoIdOf(dteXml)) ?? dtes[0];
      const sig = dte && child(dte, 'Signature');
      if (!sig) return { ok: false, reason: 'sin Signature' };
      return verifySignatureElement(text, sig, `#${documentoId(dte)}`);
    } catch (err) {
      return { ok: false, reason: (err as Error).message };
    }
  };
  const standalone = attempt(dteXml);
  if (standalone.ok || attempt(fullXml).ok) return undefined;
  return `DTE ${documentoIdOf(dteXml)}: firma invalida: ${standalone.reason}`;
}

function documentoId(dte: Element): string {
  const documento = childElements(dte).find((e) => ['Documento', 'Liquidacion', 'Exportaciones'].includes(localName(e)));
  return documento?.getAttribute('ID') ?? '';
}

function documentoIdOf(dteXml: string): string {
  return /<(?:\w+:)?(?:Documento|Liquidacion|Exportaciones)\b[^>]*\bID="([^"]*)"/.exec(dteXml)?.[1] ?? '?';
}

/**
 * Checks one DTE's TED (Formato DTE v2.2; docs/research/sii-protocol.md §2.3, §3.3-3.4): FRMT = RSA-SHA1 over the
 * flattened DD in ISO-8859-1 with the CAF's RSAPK; the CAF FRMA signed by this authority; TD and
 * RE of the CAF equal to the document; folio inside RNG. One error line per failure.
 */
export function checkDocument(authority: SiiFakeState, dte: ParsedDte): string[] {
  const label = `DTE T${dte.tipo_dte}F${dte.folio}`;
  if (!dte.ted) return [`${label}: sin TED`];
  const cafXml = /<CAF\b[\s\S]*<\/CAF>/.exec(dte.ted.ddXml)?.[0];
  if (!cafXml) return [`${label}: TED sin CAF`];
  let caf: ReturnType<typeof parseCaf>;
  try {
    caf = parseCaf(encodeLatin1(`<?xml version="1.0" encoding="ISO-8859-1"?><AUTORIZACION>${cafXml}</AUTORIZACION>`));
  } catch (err) {
    return [`${label}: CAF ilegible: ${(err as Error).message}`];
  }
  const errors: string[] = [];
  // This stand-in is a certification host (maullin): a production CAF (IDK 300, docs/research/sii-protocol.md §3.4)
  // is of another environment.
  if (caf.idk === PRODUCTION_IDK && authority.options.cafIdk !== PRODUCTION_IDK)
    errors.push(`${label}: CAF de otro ambiente (IDK ${caf.idk})`);
  else if (!verifyCafSignature(caf, authority.keyMaterial.certificatePem))
    errors.push(`${label}: CAF no autorizado por el SII (FRMA invalida)`);
  if (Number(caf.td) !== dte.tipo_dte) errors.push(`${label}: CAF de tipo ${caf.td}, no ${dte.tipo_dte}`);
  if (caf.re !== dte.emisor.rut) errors.push(`${label}: CAF de ${caf.re}, no del emisor ${dte.emisor.rut}`);
  if (dte.folio < caf.desde || dte.folio > caf.hasta) errors.push(`${label}: Folio fuera de rango CAF (${caf.desde}-${caf.hasta})`);
  if (!verifyTedSignature(dte.ted.ddXml, dte.ted.frmt, caf.rsapk)) errors.push(`${label}: Firma del TED (FRMT) invalida`);
  return errors;
}

const CAF_MONTHS_VALID = new Set([33, 43, 46, 56, 61]);

/**
 * Per-document outcome reported at EPR: RCH when the CAF is older than 6 months for types
 * 33/43/46/56/61 ("CAF Vencido", docs/research/sii-protocol.md §1.10) or the content is wrong
 * ({@link contentProblems}: TED against the document, issuer address, line sums, notes' references),
 * RPR (reparo) when IVA differs from round(MntNeto * TasaIVA / 100) by more than a peso, RLV (reparo leve) when by
 * one peso only (a rounding slip; which objections the SII calls minor is not published, docs/research/sii-protocol.md §2.5: this one is
 * the stand-in's assumption), else DOK.
 */
export function judgeDocument(authority: SiiFakeState, dte: ParsedDte): UploadedDocument {
  const { exento, neto, iva, total } = dte.montos;
  const base = {
    emisor: dte.emisor.rut,
    tipo: dte.tipo_dte,
    folio: dte.folio,
    receptor: dte.receptor.rut,
    razonSocialEmisor: dte.emisor.razon_social,
    razonSocialReceptor: dte.receptor.razon_social,
    fechaEmision: dte.fecha_emision,
    montos: { exento, neto, iva, total },
    referencias: dte.referencias
      .filter((r) => /^\d+$/.test(r.tipo_doc) && /^\d+$/.test(r.folio))
      .map((r) => ({ tipo: Number(r.tipo_doc), folio: Number(r.folio), codigo: r.codigo })),
  };
  const fa = /<FA>([^<]+)<\/FA>/.exec(dte.ted?.ddXml ?? '')?.[1];
  if (fa && CAF_MONTHS_VALID.has(dte.tipo_dte)) {
    const limit = new Date(`${fa}T00:00:00Z`);
    limit.setUTCMonth(limit.getUTCMonth() + 6);
    if (authority.now() > limit) return { ...base, result: 'RCH', detail: `CAF Vencido: FA ${fa} > 6 meses` };
  }
  const content = contentProblems(dte);
  if (content.length > 0) return { ...base, result: 'RCH', detail: content.join('; ') };
  const { tasa_iva } = dte.montos;
  const esperado = Math.round((neto * tasa_iva) / 100);
  if (neto && tasa_iva && iva !== esperado) {
    return { ...base, result: Math.abs(iva - esperado) === 1 ? 'RLV' : 'RPR', detail: `IVA ${iva} distinto de ${esperado}` };
  }
  return { ...base, result: 'DOK' };
}
