import { DteParseError, excerpt } from '../errors';
import { decodeXml } from '../xml/encoding';
import { childElements, findFirst, localName, parseXmlDocument } from '../xml/dom';
import { PlainElement, findPlain, parsePlainXml } from '../xml/plain';
import { asciiCharacterReferences, escapeXml } from '../xml/escape';

/**
 * SOAP 1.1 rpc/encoded envelopes as the SII's Axis 1.x services speak them, in both directions: the
 * gateway's requests and its reading of the answers, and the fake SII's reading of requests and its
 * answers (WSDLs in libs/dte/assets/wsdl; SII manual "Autenticación automática" v1.9 §4-§5). Envelopes
 * are ASCII: non-ASCII characters travel as character references whatever the declared encoding.
 */

const ENVELOPE_OPEN =
  '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" ' +
  'xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soapenv:Body>';
const ENVELOPE_CLOSE = '</soapenv:Body></soapenv:Envelope>';
const ENCODING_STYLE = 'soapenv:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"';

/** HTTP headers of a SOAP 1.1 call. */
export const SOAP_HEADERS: Readonly<Record<string, string>> = { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '""' };

/** The WSDL target namespace of an SII service: the service URL on the official host (`https://maullin.sii.cl/DTEWS/CrSeed.jws`). */
export function soapNamespace(officialHost: string, service: string): string {
  return `${officialHost}/DTEWS/${service}`;
}

/** A request: `operation` in the service `namespace`, each parameter an escaped `xsd:string`, in WSDL order. UTF-8 bytes, ASCII in practice. */
export function soapRequest(operation: string, namespace: string, params: [string, string][] = []): Buffer {
  const args = params.map(([name, value]) => `<${name} xsi:type="xsd:string">${escapeXml(value)}</${name}>`).join('');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>${ENVELOPE_OPEN}<m:${operation} ${ENCODING_STYLE} xmlns:m="${escapeXml(namespace)}">${args}</m:${operation}>${ENVELOPE_CLOSE}`;
  return Buffer.from(asciiCharacterReferences(xml), 'utf8');
}

/** An rpc call as a server sees it: the operation's local name and its parameters in order. */
export interface SoapCall {
  operation: string;
  params: { name: string; value: string }[];
}

/** A request body that is not a SOAP envelope with an operation element. */
export class SoapRequestError extends DteParseError {}

/**
 * Reads an rpc request. The operation is matched by local name whatever its namespace (clients send the
 * WSDL target namespace or `http://DefaultNamespace`); the parameters keep their order.
 * @throws SoapRequestError
 */
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

/** An Axis style answer: `<ns1:{op}Response><{op}Return xsi:type="xsd:string">` with `inner` escaped as text (never CDATA). */
export function soapResponse(operation: string, serviceNs: string, inner: string): string {
  return asciiCharacterReferences(
    `<?xml version="1.0" encoding="UTF-8"?>\n${ENVELOPE_OPEN}<ns1:${operation}Response ${ENCODING_STYLE} xmlns:ns1="${escapeXml(serviceNs)}">` +
      `<${operation}Return xsi:type="xsd:string">${escapeXml(inner)}</${operation}Return></ns1:${operation}Response>${ENVELOPE_CLOSE}`,
  );
}

/** An Axis style SOAP fault (sent with HTTP 500). */
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

/**
 * The string payload of an rpc/encoded answer, read as plain objects (xml2js): the text of the first
 * element whose local name ends in `Return` (getSeedReturn, ns1:getTokenReturn, getEstUpReturn; any
 * prefix or namespace), with XML escapes or CDATA resolved.
 * @throws DteParseError for a SOAP Fault (with its faultstring), no Return element, or not XML.
 */
export function parseSoapReturn(xml: string | Buffer): string {
  const root = parsePlainXml(decodeXml(xml));
  const ret = findReturn(root);
  if (ret) return ret.text;
  const fault = findPlain(root, 'faultstring')?.text;
  throw new DteParseError(fault ? `SOAP fault: ${excerpt(fault)}` : 'SOAP answer without a *Return element');
}
