import { BuzonParseError, parseDocumentos, parseNotificacion, parseNotificaciones } from '@lib/portal';
import { SiiFakeAuthority } from './authority';
import { portalCertificateLogin } from './certificate-login';
import { NO_AUTORIZADO } from './portal-login';

describe('portal: Mi SII mailbox pages', () => {
  const now = new Date('2026-11-05T13:30:00Z'); // 10:30 in Santiago (UTC-3)
  const authority = new SiiFakeAuthority({ now: () => now, unknownRuts: ['99999999-9'] });
  // A certificate login (CAutInicio.cgi): the portal pages refuse the web-service token.
  let session = '';
  beforeAll(async () => (session = (await portalCertificateLogin(authority)).cookie));
  const get = (page: string, cookie = session) =>
    authority.handle({ method: 'GET', url: `https://zeus.sii.cl/cgi_buzon/${page}`, headers: { cookie } });
  const post = (path: string, body: unknown) =>
    authority.handle({
      method: 'POST',
      url: `https://zeus.sii.cl${path}`,
      headers: { 'content-type': 'application/json', host: 'zeus.sii.cl' },
      body: Buffer.from(JSON.stringify(body)),
    });
  const html = async (page: string, cookie?: string) => (await get(page, cookie)).body.toString('latin1');

  it('answers the "NO ESTA AUTENTICADO" page without a live session', async () => {
    for (const page of ['notificaciones.cgi?rut=76086428-5', 'documentos.cgi?rut=76086428-5', 'documento_pdf.cgi?rut=76086428-5&id=x']) {
      const body = await html(page, 'TOKEN=nope');
      expect(body).toContain('NO ESTA AUTENTICADO');
      expect(() => parseNotificaciones(body)).toThrow(BuzonParseError);
    }
    expect(authority.buzonVisitas.get('76086428-5')).toBeUndefined();
  });

  it('serves the seeded notifications in ISO-8859-1, newest first, which the parser reads; the list counts', async () => {
    const res = await get('notificaciones.cgi?rut=76.086.428-5');
    expect(res.headers['content-type']).toBe('text/html; charset=ISO-8859-1');
    expect(res.body.includes(Buffer.from('Notificación', 'latin1'))).toBe(true);
    expect(parseNotificaciones(res.body.toString('latin1'))).toEqual([
      {
        id: '76086428-N0002',
        fecha: '2026-11-03T10:30',
        asunto: 'Aviso de declaración F29 pendiente',
        remitente: 'Servicio de Impuestos Internos',
        leida: false,
        cuerpo: null,
      },
      {
        id: '76086428-N0001',
        fecha: '2026-10-06T10:30',
        asunto: 'Notificación de resolución de autorización DTE',
        remitente: 'Servicio de Impuestos Internos',
        leida: true,
        cuerpo: null,
      },
    ]);
    expect(authority.buzonVisitas.get('76086428-5')).toBe(1);
  });

  it('shows one notification with its body and marks it read; an unknown id is the portal error page', async () => {
    const n = parseNotificacion(await html('notificacion.cgi?rut=76086428-5&id=76086428-N0002'));
    expect(n).toMatchObject({ id: '76086428-N0002', fecha: '2026-11-03T10:30', asunto: 'Aviso de declaración F29 pendiente', leida: true });
    expect(n.cuerpo?.split('\n\n')).toEqual([
      expect.stringMatching(/^Señor\(a\) contribuyente .+:$/),
      'Según nuestros registros, no se ha presentado el Formulario 29 del período OCTUBRE 2026.',
      'Si ya lo presentó, omita este aviso.',
      'Atentamente,\nServicio de Impuestos Internos',
    ]);
    const lista = parseNotificaciones(await html('notificaciones.cgi?rut=76086428-5'));
    expect(lista.map((x) => x.leida)).toEqual([true, true]);
    const desconocida = await html('notificacion.cgi?rut=76086428-5&id=76086428-N0099');
    expect(() => parseNotificacion(desconocida)).toThrow(/La notificación solicitada no existe/);
  });

  it('POST /sim/notificaciones puts a new unread notification at the top', async () => {
    const res = await post('/sim/notificaciones', {
      rut: '76086428-5',
      asunto: 'Citación Nº 15',
      cuerpo: 'Primer párrafo.\n\nSegundo párrafo.',
    });
    expect(res.status).toBe(200);
    const { id } = JSON.parse(res.body.toString()) as { id: string };
    expect(id).toBe('76086428-N0003');
    const [primera, ...resto] = parseNotificaciones(await html('notificaciones.cgi?rut=76086428-5'));
    expect(primera).toEqual({
      id,
      fecha: '2026-11-05T10:30',
      asunto: 'Citación Nº 15',
      remitente: 'Servicio de Impuestos Internos',
      leida: false,
      cuerpo: null,
    });
    expect(resto).toHaveLength(2);
    expect(parseNotificacion(await html(`notificacion.cgi?rut=76086428-5&id=${id}`)).cuerpo).toBe('Primer párrafo.\n\nSegundo párrafo.');
    expect((await post('/sim/notificaciones', { rut: '76086428-5' })).status).toBe(400);
    expect((await post('/sim/notificaciones', { rut: 'nope', asunto: 'x' })).status).toBe(400);
  });

  it('serves the documents, which the parser reads, and each one as a PDF', async () => {
    const antes = authority.buzonVisitas.get('76086428-5') ?? 0;
    const docs = parseDocumentos(await html('documentos.cgi?rut=76086428-5'));
    expect(docs).toEqual([
      {
        id: '76086428-D0002',
        fecha: '2026-10-06',
        tipo: 'Resolución',
        titulo: 'Resolución Exenta que autoriza a emitir documentos tributarios electrónicos',
        numero: expect.stringMatching(/^\d{4}$/),
      },
      {
        id: '76086428-D0001',
        fecha: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        tipo: 'Certificado',
        titulo: 'Certificado de Inicio de Actividades',
        numero: null,
      },
    ]);
    expect(authority.buzonVisitas.get('76086428-5')).toBe(antes + 1);
    for (const d of docs) {
      const pdf = await get(`documento_pdf.cgi?rut=76086428-5&id=${d.id}`);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const desconocido = await html('documento_pdf.cgi?rut=76086428-5&id=76086428-D0009');
    expect(desconocido).toContain('El documento solicitado no existe.');
  });

  it('is deterministic per RUT and clock: a second authority seeds the same mailbox', async () => {
    const otra = new SiiFakeAuthority({ now: () => now });
    const { cookie } = await portalCertificateLogin(otra);
    const leer = async (page: string) =>
      (await otra.handle({ method: 'GET', url: `https://zeus.sii.cl/cgi_buzon/${page}`, headers: { cookie } })).body.toString('latin1');
    expect(parseDocumentos(await leer('documentos.cgi?rut=77777777-7'))).toEqual(
      parseDocumentos(await html('documentos.cgi?rut=77777777-7')),
    );
    expect(parseNotificaciones(await leer('notificaciones.cgi?rut=77777777-7'))).toEqual(
      parseNotificaciones(await html('notificaciones.cgi?rut=77777777-7')),
    );
  });

  it('answers the portal error page for an unknown RUT and for a login session of another taxpayer', async () => {
    const desconocido = await html('notificaciones.cgi?rut=99999999-9');
    expect(() => parseNotificaciones(desconocido)).toThrow(/El RUT consultado no registra información tributaria/);

    const login = await post('/sim/portal/login', { rut: '77777777-7' });
    const { cookies } = JSON.parse(login.body.toString()) as { cookies: { name: string; value: string }[] };
    const cookie = `TOKEN=${cookies.find((c) => c.name === 'TOKEN')?.value}`;
    for (const page of [
      'notificaciones.cgi?rut=76086428-5',
      'documentos.cgi?rut=76086428-5',
      'notificacion.cgi?rut=76086428-5&id=76086428-N0001',
    ]) {
      expect(await html(page, cookie)).toContain(NO_AUTORIZADO);
    }
    expect((await get('documento_pdf.cgi?rut=76086428-5&id=76086428-D0001', cookie)).headers['content-type']).toContain('text/html');
    // The session's own taxpayer is served.
    expect(parseDocumentos(await html('documentos.cgi?rut=77777777-7', cookie))).toHaveLength(2);
  });
});
