import { escapeXml } from '@lib/dte';

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
