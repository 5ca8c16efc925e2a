import { rutFields } from '../test/envio';
import { SiiFakeAuthority } from './authority';
import { portalCertificateLogin } from './certificate-login';
import { NO_AUTORIZADO } from './portal-login';

/** Who the portal pages serve (portalSession), seen through the folio query page. */
describe('portal: sessions the pages accept', () => {
  const EMPRESA = '76086428-5';
  const CERRADA = '96790240-3'; // registered its users: only 22222222-2
  const authority = new SiiFakeAuthority({ usuariosAutorizados: { [CERRADA]: ['22222222-2'] } });
  const folios = async (rut: string, cookie: string) => {
    const [cuerpo, dv] = rutFields(rut);
    const res = await authority.handle({
      method: 'GET',
      url: `https://maullin.sii.cl/cvc_cgi/dte/of_consulta_folios.cgi?RUT_EMP=${cuerpo}&DV_EMP=${dv}&COD_DOCTO=33&FOLIO_INI=1&FOLIO_FIN=1`,
      headers: { cookie },
    });
    const html = res.body.toString('latin1');
    return html.includes('id="tbl_folios"')
      ? 'served'
      : html.includes('NO ESTA AUTENTICADO')
        ? 'no_autenticado'
        : html.includes(NO_AUTORIZADO)
          ? 'no_autorizado'
          : html;
  };
  const simLogin = async (rut: string) => {
    const res = await authority.handle({
      method: 'POST',
      url: 'https://maullin.sii.cl/sim/portal/login',
      headers: { host: 'maullin.sii.cl' },
      body: Buffer.from(JSON.stringify({ rut })),
    });
    return (JSON.parse(res.body.toString()) as { cookies: { name: string; value: string }[] }).cookies;
  };

  it('refuses the web-service token of GetTokenFromSeed, live as it is (the real portal says NO ESTA AUTENTICADO)', async () => {
    const token = authority.issueToken('11111111-1').token;
    expect(authority.activeToken(token)).toBeDefined();
    expect(await folios(EMPRESA, `TOKEN=${token}`)).toBe('no_autenticado');
  });

  it('serves a certificate session for its holder and the companies the holder may act for, and not for others', async () => {
    const { cookie } = await portalCertificateLogin(authority, '11111111-1');
    expect(await folios(EMPRESA, cookie)).toBe('served');
    expect(await folios('11111111-1', cookie)).toBe('served');
    expect(await folios(CERRADA, cookie)).toBe('no_autorizado');
    const autorizado = await portalCertificateLogin(authority, '22222222-2');
    expect(await folios(CERRADA, autorizado.cookie)).toBe('served');
  });

  it('takes the session from CSESSIONID when there is no TOKEN cookie', async () => {
    const { cookies } = await portalCertificateLogin(authority, '11111111-1');
    const csessionid = cookies.find((c) => c.name === 'CSESSIONID')?.value;
    expect(await folios(EMPRESA, `CSESSIONID=${csessionid}`)).toBe('served');
  });

  it('serves an imported browser session only for its representado', async () => {
    const cookies = await simLogin(EMPRESA);
    expect(cookies.find((c) => c.name === 'CSESSIONID')?.value).toBe(cookies.find((c) => c.name === 'TOKEN')?.value);
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect(await folios(EMPRESA, cookie)).toBe('served');
    expect(await folios('11111111-1', cookie)).toBe('no_autorizado');
  });

  it('ends certificate and browser sessions of a RUT on /sim/portal/logout', async () => {
    const cert = await portalCertificateLogin(authority, '33333333-3');
    await authority.handle({
      method: 'POST',
      url: 'https://maullin.sii.cl/sim/portal/logout',
      headers: {},
      body: Buffer.from('{"rut":"33333333-3"}'),
    });
    expect(await folios(EMPRESA, cert.cookie)).toBe('no_autenticado');
  });
});
