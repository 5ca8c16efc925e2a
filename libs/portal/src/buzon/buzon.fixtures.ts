// Hand-written to the structure parse-buzon.ts documents (the project's own reading, docs/research/sii-protocol.md §9), not taken from the
// stand-in. Shared by the parser's and the schema's specs.

export const HEAD =
  '<html><head><meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1"><title>Mi SII</title></head><body>';
export const td = (text: string, attrs = '') => `<td${attrs}><span class="textof">${text}</span></td>`;

/** Read and unread notifications (one id only in its link) and a dated-only one. */
export const LISTA = `${HEAD}
<table width="630"><tr><td class="centeralign"><span class="textof"><b>BUZÓN DE NOTIFICACIONES</b></span></td></tr></table>
<table id="tbl_notificaciones" width="630"><tbody>
  <tr>${td('<b>Fecha</b>')}${td('<b>Asunto</b>')}${td('<b>Remitente</b>')}${td('<b>Estado</b>')}</tr>
  <tr data-id="76086428-N0003" class="no_leida">
    ${td('03-11-2026 09:15', ' class="centeralign"')}
    <td><span class="textof"><a href="notificacion.cgi?rut=76086428-5&amp;id=76086428-N0003"><b>Aviso de declaración   F29 pendiente</b></a></span></td>
    ${td('Servicio de Impuestos Internos')}${td('<b>No leída</b>')}
  </tr>
  <tr class="leida">
    ${td('4-10-2026 16:02', ' class="centeralign"')}
    <td><span class="textof"><a href="/cgi_buzon/notificacion.cgi?id=76086428-N0001&amp;rut=76086428-5">Notificación de resolución de autorización DTE</a></span></td>
    ${td('Dirección Regional Santiago Oriente')}${td('Leída')}
  </tr>
  <tr data-id="76086428-N0000">${td('01-09-2026')}${td('Citación')}${td('SII')}${td('Leida')}</tr>
</tbody></table></body></html>`;

/** Five paragraphs (one blank), line breaks and accents. */
export const DETALLE = `${HEAD}
<input type="hidden" id="hd_id_notificacion" value="76086428-N0003">
<table id="tbl_notificacion" width="630"><tbody>
  <tr>${td('Fecha:')}${td('03-11-2026 09:15', ' id="td_fecha"')}</tr>
  <tr>${td('Remitente:')}${td('Servicio de Impuestos Internos', ' id="td_remitente"')}</tr>
  <tr>${td('Asunto:')}${td('Aviso de declaración F29 pendiente', ' id="td_asunto"')}</tr>
  <tr>${td('Estado:')}${td('Leída', ' id="td_estado"')}</tr>
</tbody></table>
<div id="div_cuerpo">
  <p><span class="textof">Señor(a) contribuyente:</span></p>
  <p><span class="textof">Según nuestros registros, no se ha presentado   el Formulario 29
     del período OCTUBRE 2026.</span></p>
  <p><span class="textof">Plazo: 20-11-2026<br>Lugar: www.sii.cl, Mi SII</span></p>
  <p><span class="textof"> </span></p>
  <p><span class="textof">Atentamente,<br>Servicio de Impuestos Internos</span></p>
</div></body></html>`;

/** A resolution with a number, a certificate without one (id only in its PDF link). */
export const DOCUMENTOS = `${HEAD}
<table id="tbl_documentos" width="630"><tbody>
  <tr>${td('<b>Fecha</b>')}${td('<b>Tipo</b>')}${td('<b>N°</b>')}${td('<b>Título</b>')}${td('<b>Documento</b>')}</tr>
  <tr data-id="76086428-D0002">${td('15-10-2026')}${td('Resolución')}${td('1.234')}${td('Resolución Exenta que autoriza a emitir documentos tributarios electrónicos')}<td><a class="lnk_pdf" href="documento_pdf.cgi?rut=76086428-5&amp;id=76086428-D0002">PDF</a></td></tr>
  <tr>${td('02-03-2015')}${td('Certificado')}${td('-')}${td('Certificado de Inicio de Actividades')}<td><a class="lnk_pdf" href="documento_pdf.cgi?rut=76086428-5&amp;id=76086428-D0001">PDF</a></td></tr>
</tbody></table></body></html>`;

export const LISTA_VACIA = `${HEAD}<table id="tbl_notificaciones"><tbody><tr>${td('Fecha')}${td('Asunto')}${td('Remitente')}${td('Estado')}</tr><tr><td colspan="4"><span class="textof">- No tiene notificaciones -</span></td></tr></tbody></table></body></html>`;

export const DOCUMENTOS_VACIA = `${HEAD}<table id="tbl_documentos"><tbody><tr>${td('Fecha')}${td('Tipo')}${td('N°')}${td('Título')}${td('Documento')}</tr><tr><td colspan="5"><span class="textof">- No existen documentos -</span></td></tr></tbody></table></body></html>`;
