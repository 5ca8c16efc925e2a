import type { X509Certificate } from 'node:crypto';
import { child, childElements, findAll, localName, parseXmlDocument } from '@lib/dte';
import { verifySignatureElement } from './internal/xmldsig';

export interface FirmaVerificada {
  error?: string;
  certificate?: X509Certificate;
}

/** Over `#<SetDTE/@ID>` (docs/research/sii-protocol.md §2.3), in the whole document, with its own KeyInfo certificate. */
export function checkEnvelopeSignature(xml: string, doc: Document): FirmaVerificada {
  const root = doc.documentElement;
  const setId = child(root, 'SetDTE')?.getAttribute('ID') ?? '';
  const sig = child(root, 'Signature');
  const check = sig ? verifySignatureElement(xml, sig, `#${setId}`) : undefined;
  if (check?.ok) return { certificate: check.certificate };
  return { error: `Firma del Envio (${setId || 'SetDTE'}) invalida: ${check?.reason ?? 'sin Signature'}` };
}

/** Standalone first (as the SII's own example and DTEs signed before enveloping verify), then within the envelope. */
export function checkDteSignature(fullXml: string, dteXml: string): FirmaVerificada {
  const attempt = (text: string): { ok: boolean; reason?: string; certificate?: X509Certificate } => {
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
  if (standalone.ok) return { certificate: standalone.certificate };
  const inEnvelope = attempt(fullXml);
  if (inEnvelope.ok) return { certificate: inEnvelope.certificate };
  return { error: `DTE ${documentoIdOf(dteXml)}: firma invalida: ${standalone.reason}` };
}

function documentoId(dte: Element): string {
  const documento = childElements(dte).find((e) => ['Documento', 'Liquidacion', 'Exportaciones'].includes(localName(e)));
  return documento?.getAttribute('ID') ?? '';
}

function documentoIdOf(dteXml: string): string {
  return /<(?:\w+:)?(?:Documento|Liquidacion|Exportaciones)\b[^>]*\bID="([^"]*)"/.exec(dteXml)?.[1] ?? '?';
}
