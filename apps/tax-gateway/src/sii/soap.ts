/**
 * SOAP 1.1 rpc/encoded requests as the SII's Axis services expect them (WSDLs in shared/sii/wsdl;
 * SII manual "Autenticación automática" v1.9 §4): the operation element in the service's target
 * namespace, each parameter typed `xsd:string`, `SOAPAction: ""`.
 */

/** The WSDL target namespace of an SII service: the service URL on the official host. */
export function soapNamespace(officialHost: string, service: string): string {
  return `${officialHost}/DTEWS/${service}`;
}

/** Escapes text for an XML element (an XML document passed as a string parameter included). */
export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Builds the envelope of `operation` with parameters in WSDL order. Values are escaped here; the
 * envelope is ASCII-safe UTF-8 because non-ASCII characters become character references.
 */
export function soapEnvelope(operation: string, namespace: string, params: [string, string][] = []): Buffer {
  const args = params.map(([name, value]) => `<${name} xsi:type="xsd:string">${escapeText(value)}</${name}>`).join('');
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" ' +
    'xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    '<soapenv:Body>' +
    `<m:${operation} soapenv:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/" xmlns:m="${escapeText(namespace)}">` +
    args +
    `</m:${operation}>` +
    '</soapenv:Body></soapenv:Envelope>';
  return Buffer.from(
    xml.replace(/[\u0080-\u{10FFFF}]/gu, (c) => `&#${c.codePointAt(0)};`),
    'utf8',
  );
}

/** HTTP headers of a SOAP 1.1 call. */
export const SOAP_HEADERS: Record<string, string> = {
  'Content-Type': 'text/xml; charset=utf-8',
  SOAPAction: '""',
};
