import { DteParseError, excerpt } from '../errors';
import { decodeXml } from '../xml/encoding';
import { asciiCharacterReferences, escapeXml } from '../xml/escape';
import { PlainElement, findPlain, parsePlainXml } from '../xml/plain';

// SOAP 1.1 document/literal of the SII's JAX-WS services (RegistroReclamoDTE manual v1.2): a structured `<return>`. ASCII.
const ENVELOPE_OPEN = '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body>';
const ENVELOPE_CLOSE = '</soapenv:Body></soapenv:Envelope>';

/** RegistroReclamoDTE WSDL (production and certification). */
export const REGISTRO_RECLAMO_NS = 'http://ws.registroreclamodte.diii.sdi.sii.cl';

/** Each parameter an unqualified element, in WSDL order. */
export function soapLiteralRequest(operation: string, namespace: string, params: [string, string | number][]): Buffer {
  const args = params.map(([name, value]) => `<${name}>${escapeXml(String(value))}</${name}>`).join('');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>${ENVELOPE_OPEN}<ws:${operation} xmlns:ws="${escapeXml(namespace)}">${args}</ws:${operation}>${ENVELOPE_CLOSE}`;
  return Buffer.from(asciiCharacterReferences(xml), 'utf8');
}

/** Text, or nested elements (a repeated name once per occurrence). */
export type SoapLiteralValue = string | number | [string, SoapLiteralValue][];

/** JAX-WS style: `<ns2:{operation}Response><return>…</return>`. */
export function soapLiteralResponse(operation: string, namespace: string, value: SoapLiteralValue): string {
  return asciiCharacterReferences(
    `<?xml version="1.0" encoding="UTF-8"?>${ENVELOPE_OPEN.replace(/soapenv/g, 'S')}<ns2:${operation}Response xmlns:ns2="${escapeXml(namespace)}">` +
      `<return>${literal(value)}</return></ns2:${operation}Response>${ENVELOPE_CLOSE.replace(/soapenv/g, 'S')}`,
  );
}

function literal(value: SoapLiteralValue): string {
  if (!Array.isArray(value)) return escapeXml(String(value));
  return value.map(([name, v]) => `<${name}>${literal(v)}</${name}>`).join('');
}

/** Any prefix or namespace. @throws DteParseError for a Fault (with its faultstring), no `return`, or not XML. */
export function parseSoapLiteralReturn(xml: string | Buffer): PlainElement {
  const root = parsePlainXml(decodeXml(xml));
  const ret = findPlain(root, 'return');
  if (ret) return ret;
  const fault = findPlain(root, 'faultstring')?.text;
  throw new DteParseError(fault ? `SOAP fault: ${excerpt(fault)}` : 'SOAP answer without a return element');
}
