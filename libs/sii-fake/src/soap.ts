import { childElements, escapeXml, findFirst, localName, parseXmlStrict } from './internal/xml';

/** A SOAP 1.1 rpc call as the fake sees it: operation local name and its parameters in order. */
export interface SoapCall {
  operation: string;
  params: { name: string; value: string }[];
}

/** Thrown when a request body is not a SOAP envelope with an operation element. */
export class SoapRequestError extends Error {}

/**
 * Reads a SOAP 1.1 rpc request. The operation is matched by local name whatever its namespace
 * (clients send the WSDL target namespace or `http://DefaultNamespace`; research §2.1), and the
 * parameters are kept in order so callers can map them by position.
 */
export function parseSoapCall(xml: string): SoapCall {
  let doc: Document;
  try {
    doc = parseXmlStrict(xml);
  } catch (err) {
    throw new SoapRequestError(`not XML: ${(err as Error).message}`);
  }
  const body = findFirst(doc, 'Body');
  const op = body && childElements(body)[0];
  if (!op) throw new SoapRequestError('no SOAP Body operation');
  return {
    operation: localName(op),
    params: childElements(op).map((el) => ({ name: localName(el), value: el.textContent ?? '' })),
  };
}

/** The `<SII:RESPUESTA>` document carried inside a `*Return` string (SII manual autenticación v1.9 §5). */
export function siiRespuesta(hdr: [string, string][], body: [string, string][][] = [], bodyFirst = false): string {
  const fields = (pairs: [string, string][]) => pairs.map(([k, v]) => `<${k}>${escapeXml(v)}</${k}>`).join('');
  const header = `<SII:RESP_HDR>${fields(hdr)}</SII:RESP_HDR>`;
  const content = body.length ? `<SII:RESP_BODY>${body.map(fields).join('')}</SII:RESP_BODY>` : '';
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<SII:RESPUESTA xmlns:SII="http://www.sii.cl/XMLSchema">' +
    (bodyFirst ? content + header : header + content) +
    '</SII:RESPUESTA>'
  );
}

/**
 * An Axis 1.x style rpc response: `<ns1:{op}Response><{op}Return xsi:type="xsd:string">` with the
 * inner XML escaped as text (never CDATA), as in the manual's examples. Non-ASCII characters are
 * written as character references so the envelope is ASCII whatever the declared encoding.
 */
export function soapReturn(operation: string, serviceNs: string, inner: string): string {
  const escaped = escapeXml(inner).replace(/[\u0080-\uffff]/g, (c) => `&#${c.charCodeAt(0)};`);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" ' +
    'xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    '<soapenv:Body>' +
    `<ns1:${operation}Response soapenv:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/" xmlns:ns1="${escapeXml(serviceNs)}">` +
    `<${operation}Return xsi:type="xsd:string">${escaped}</${operation}Return>` +
    `</ns1:${operation}Response>` +
    '</soapenv:Body></soapenv:Envelope>'
  );
}

/** An Axis style SOAP fault (HTTP 500), e.g. for an unknown operation or a body that is not SOAP. */
export function soapFault(faultcode: string, faultstring: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" ' +
    'xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    '<soapenv:Body><soapenv:Fault>' +
    `<faultcode>${escapeXml(faultcode)}</faultcode><faultstring>${escapeXml(faultstring)}</faultstring>` +
    '<detail/></soapenv:Fault></soapenv:Body></soapenv:Envelope>'
  );
}
