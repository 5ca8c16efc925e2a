import { DteParseError, excerpt } from '../errors';
import { decodeXml } from '../xml/encoding';
import { childElements, findFirst, localName, parseXmlDocument } from '../xml/dom';
import { PlainElement, findPlain, parsePlainXml } from '../xml/plain';
import { asciiCharacterReferences, escapeXml } from '../xml/escape';

// SOAP 1.1 rpc/encoded of the SII's Axis services (libs/dte/assets/wsdl; manual "Autenticación automática" v1.9 §4-§5), ASCII.
const ENVELOPE_OPEN =
  '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" ' +
  'xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soapenv:Body>';
const ENVELOPE_CLOSE = '</soapenv:Body></soapenv:Envelope>';
const ENCODING_STYLE = 'soapenv:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"';

export const SOAP_HEADERS: Readonly<Record<string, string>> = { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '""' };

/** The service URL on the official host (`https://maullin.sii.cl/DTEWS/CrSeed.jws`). */
export function soapNamespace(officialHost: string, service: string): string {
  return `${officialHost}/DTEWS/${service}`;
}

/** Each parameter an escaped `xsd:string`, in WSDL order. */
export function soapRequest(operation: string, namespace: string, params: [string, string][] = []): Buffer {
  const args = params.map(([name, value]) => `<${name} xsi:type="xsd:string">${escapeXml(value)}</${name}>`).join('');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>${ENVELOPE_OPEN}<m:${operation} ${ENCODING_STYLE} xmlns:m="${escapeXml(namespace)}">${args}</m:${operation}>${ENVELOPE_CLOSE}`;
  return Buffer.from(asciiCharacterReferences(xml), 'utf8');
}

export interface SoapCall {
  operation: string;
  params: { name: string; value: string }[];
}

/** A request body that is not a SOAP envelope with an operation element. */
export class SoapRequestError extends DteParseError {}

/** The operation by local name whatever its namespace (WSDL's or `http://DefaultNamespace`). @throws SoapRequestError */
export function parseSoapCall(xml: string): SoapCall {
  let doc: Document;
  try {
    doc = parseXmlDocument(xml);
  } catch (err) {
    throw new SoapRequestError(`not XML: ${(err as Error).message}`);
  }
  const body = findFirst(doc, 'Body');
  const op = body && childElements(body)[0];
  if (!op) throw new SoapRequestError('no SOAP Body operation');
  return { operation: localName(op), params: childElements(op).map((el) => ({ name: localName(el), value: el.textContent ?? '' })) };
}

/** Axis style: `<ns1:{op}Response><{op}Return xsi:type="xsd:string">`, `inner` escaped as text (never CDATA). */
export function soapResponse(operation: string, serviceNs: string, inner: string): string {
  return asciiCharacterReferences(
    `<?xml version="1.0" encoding="UTF-8"?>\n${ENVELOPE_OPEN}<ns1:${operation}Response ${ENCODING_STYLE} xmlns:ns1="${escapeXml(serviceNs)}">` +
      `<${operation}Return xsi:type="xsd:string">${escapeXml(inner)}</${operation}Return></ns1:${operation}Response>${ENVELOPE_CLOSE}`,
  );
}

/** Sent with HTTP 500. */
export function soapFault(faultcode: string, faultstring: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n${ENVELOPE_OPEN}<soapenv:Fault>` +
    `<faultcode>${escapeXml(faultcode)}</faultcode><faultstring>${escapeXml(faultstring)}</faultstring><detail/></soapenv:Fault>${ENVELOPE_CLOSE}`
  );
}

function findReturn(el: PlainElement): PlainElement | undefined {
  if (/Return$/.test(el.name)) return el;
  for (const c of el.children) {
    const found = findReturn(c);
    if (found) return found;
  }
  return undefined;
}

/** Text of the first `*Return` element (getSeedReturn, ns1:getTokenReturn...). @throws DteParseError for a Fault, no Return, not XML. */
export function parseSoapReturn(xml: string | Buffer): string {
  const root = parsePlainXml(decodeXml(xml));
  const ret = findReturn(root);
  if (ret) return ret.text;
  const fault = findPlain(root, 'faultstring')?.text;
  throw new DteParseError(fault ? `SOAP fault: ${excerpt(fault)}` : 'SOAP answer without a *Return element');
}
