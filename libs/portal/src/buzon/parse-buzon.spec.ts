import { decodeHtml } from '../carpeta/decode-html';
import { BuzonParseError, parseDocumentos, parseNotificacion, parseNotificaciones } from './parse-buzon';
import { DETALLE, DOCUMENTOS, DOCUMENTOS_VACIA, HEAD, LISTA, LISTA_VACIA, td } from './buzon.fixtures';

describe('parseNotificaciones', () => {
  it('reads read and unread notifications with their ids, dates as ISO (Santiago wall clock) and no body', () => {
    expect(parseNotificaciones(LISTA)).toEqual([
      {
        id: '76086428-N0003',
        fecha: '2026-11-03T09:15',
        asunto: 'Aviso de declaración F29 pendiente',
        remitente: 'Servicio de Impuestos Internos',
        leida: false,
        cuerpo: null,
      },
      {
        id: '76086428-N0001',
        fecha: '2026-10-04T16:02',
        asunto: 'Notificación de resolución de autorización DTE',
        remitente: 'Dirección Regional Santiago Oriente',
        leida: true,
        cuerpo: null,
      },
      { id: '76086428-N0000', fecha: '2026-09-01', asunto: 'Citación', remitente: 'SII', leida: true, cuerpo: null },
    ]);
  });

  it('reads the page as the portal serves it, ISO-8859-1 bytes', () => {
    const [primera] = parseNotificaciones(decodeHtml(Buffer.from(LISTA, 'latin1')));
    expect(primera.asunto).toBe('Aviso de declaración F29 pendiente');
  });

  it('answers [] for the empty mailbox', () => {
    expect(parseNotificaciones(LISTA_VACIA)).toEqual([]);
  });

  it('refuses a row without an id, an unknown Estado and unexpected text rather than losing an item', () => {
    const sinId = LISTA.replace(' data-id="76086428-N0000"', '');
    expect(() => parseNotificaciones(sinId)).toThrow(/row 4 has no id/);
    expect(() => parseNotificaciones(LISTA.replace('>Leida<', '>Archivada<'))).toThrow(/unknown Estado "Archivada"/);
    const aviso = `${HEAD}<table id="tbl_notificaciones"><tr><td colspan="4"><span class="textof">Servicio no disponible</span></td></tr></table></body></html>`;
    expect(() => parseNotificaciones(aviso)).toThrow(BuzonParseError);
  });
});

describe('parseNotificacion', () => {
  it('reads one notification with its multi-paragraph body as plain text', () => {
    expect(parseNotificacion(DETALLE)).toEqual({
      id: '76086428-N0003',
      fecha: '2026-11-03T09:15',
      asunto: 'Aviso de declaración F29 pendiente',
      remitente: 'Servicio de Impuestos Internos',
      leida: true,
      cuerpo:
        'Señor(a) contribuyente:\n\n' +
        'Según nuestros registros, no se ha presentado el Formulario 29 del período OCTUBRE 2026.\n\n' +
        'Plazo: 20-11-2026\nLugar: www.sii.cl, Mi SII\n\n' +
        'Atentamente,\nServicio de Impuestos Internos',
    });
  });

  it('keeps the accents of an ISO-8859-1 page and answers a null body for an empty one', () => {
    const n = parseNotificacion(
      decodeHtml(Buffer.from(DETALLE.replace(/<div id="div_cuerpo">[\s\S]*<\/div>/, '<div id="div_cuerpo"></div>'), 'latin1')),
    );
    expect(n).toMatchObject({ asunto: 'Aviso de declaración F29 pendiente', cuerpo: null });
  });

  it('refuses a page without its id', () => {
    expect(() => parseNotificacion(DETALLE.replace('id="hd_id_notificacion"', 'id="otro"'))).toThrow(/without its id/);
  });
});

describe('parseDocumentos', () => {
  it('reads resolutions and certificates with their ids (data-id or the PDF link), dates ISO, numbers when shown', () => {
    expect(parseDocumentos(DOCUMENTOS)).toEqual([
      {
        id: '76086428-D0002',
        fecha: '2026-10-15',
        tipo: 'Resolución',
        titulo: 'Resolución Exenta que autoriza a emitir documentos tributarios electrónicos',
        numero: '1.234',
      },
      { id: '76086428-D0001', fecha: '2015-03-02', tipo: 'Certificado', titulo: 'Certificado de Inicio de Actividades', numero: null },
    ]);
  });

  it('answers [] when there are no documents', () => {
    expect(parseDocumentos(DOCUMENTOS_VACIA)).toEqual([]);
  });

  it('refuses an unreadable date', () => {
    expect(() => parseDocumentos(DOCUMENTOS.replace('15-10-2026', 'ayer'))).toThrow(/document row 2: unreadable date "ayer"/);
  });
});

describe('a page that is not the expected one', () => {
  it.each([
    ['parseNotificaciones', parseNotificaciones, /not the notifications list: no #tbl_notificaciones table/],
    ['parseNotificacion', parseNotificacion, /not a notification: no #tbl_notificacion table/],
    ['parseDocumentos', parseDocumentos, /not the documents list: no #tbl_documentos table/],
  ])('%s throws BuzonParseError with a one-line reason', (_name, parse, reason) => {
    const otra = `${HEAD}<table id="tbl_encabezado"><tr>${td('CARPETA TRIBUTARIA')}</tr></table></body></html>`;
    expect(() => parse(otra)).toThrow(BuzonParseError);
    expect(() => parse(otra)).toThrow(reason);
    expect(() => parse(otra)).not.toThrow(/\n/);
  });

  it('tells the dead-session page and the portal error page apart', () => {
    const motivo = (html: string) => {
      try {
        parseNotificaciones(html);
      } catch (err) {
        return [(err as BuzonParseError).motivo, (err as Error).message];
      }
      return undefined;
    };
    expect(motivo('<html><body><p class="textof">NO ESTA AUTENTICADO</p></body></html>')).toEqual([
      'no_autenticado',
      'the portal says NO ESTA AUTENTICADO: the session is not valid',
    ]);
    expect(motivo('<html><body><div id="error"><p class="textof">La notificación solicitada no existe.</p></div></body></html>')).toEqual([
      'error_portal',
      'the portal answered an error instead of the notifications list: La notificación solicitada no existe.',
    ]);
  });
});
