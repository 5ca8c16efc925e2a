import { parseConsultaFolios } from '@lib/portal';
import { SiiFakeAuthority } from './authority';
import { portalCertificateLogin } from './certificate-login';
import { documentoSubido } from './spec-support/documento-subido';

describe('portal: folio query page', () => {
  const authority = new SiiFakeAuthority();
  // A certificate login (CAutInicio.cgi): the portal pages refuse the web-service token.
  let session = '';
  beforeAll(async () => (session = (await portalCertificateLogin(authority)).cookie));
  const get = (query: string, cookie = session) =>
    authority.handle({ method: 'GET', url: `https://maullin.sii.cl/cvc_cgi/dte/of_consulta_folios.cgi?${query}`, headers: { cookie } });
  const doc = (folio: number, result: 'DOK' | 'RCH') => documentoSubido('76086428-5', folio, result);

  it('says of each folio whether the SII received it, the company annulled it, or neither', async () => {
    authority.recordUpload({
      trackId: '9000000001',
      rutSender: '11111111-1',
      rutCompany: '76086428-5',
      fileName: 'x.xml',
      sha256: 'x',
      receivedAt: new Date(),
      finalState: 'EPR',
      documents: [doc(2, 'DOK'), doc(3, 'RCH')],
    });
    const anular = await authority.handle({
      method: 'POST',
      url: 'https://maullin.sii.cl/sim/folios/anular',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ rut: '76086428-5', tipo_dte: 33, folio: 4 })),
    });
    expect(anular.status).toBe(200);
    const res = await get('RUT_EMP=76086428&DV_EMP=5&COD_DOCTO=33&FOLIO_INI=1&FOLIO_FIN=5');
    expect(res.headers['content-type']).toContain('ISO-8859-1');
    expect(parseConsultaFolios(res.body.toString('latin1')).map((f) => f.estado)).toEqual([
      'disponible',
      'recibido',
      'disponible',
      'anulado',
      'disponible',
    ]);
  });

  it('answers NO ESTA AUTENTICADO without a session and an error page for a bad or too wide range', async () => {
    expect((await get('RUT_EMP=76086428&DV_EMP=5&COD_DOCTO=33&FOLIO_INI=1&FOLIO_FIN=5', 'TOKEN=x')).body.toString()).toContain(
      'NO ESTA AUTENTICADO',
    );
    expect((await get('RUT_EMP=76086428&DV_EMP=5&COD_DOCTO=33&FOLIO_INI=5&FOLIO_FIN=1')).body.toString()).toContain('id="error"');
    expect((await get('RUT_EMP=76086428&DV_EMP=5&COD_DOCTO=33&FOLIO_INI=1&FOLIO_FIN=5000')).body.toString()).toContain('1000 folios');
  });
});
