import { rutFields } from '../test/envio';
import { lineasDelCaso, numerosDeAtencion, parseLibroComprasSet, parseSetPruebas } from '@lib/dte';
import { SiiFakeAuthority } from './authority';
import { portalCertificateLogin } from './certificate-login';
import { setBasico } from './set-pruebas';

describe('the set de pruebas of the certification pages (pe_generar1, pe_generar2)', () => {
  const authority = new SiiFakeAuthority();
  const form = (rut: string) => Buffer.from(`RUT_EMP=${rutFields(rut)[0]}&DV_EMP=${rutFields(rut)[1]}&AUTORIZADA=S&SET01=S`);
  const get = async (rut: string, cookie?: string) =>
    authority.handle({
      method: 'POST',
      url: 'https://maullin.sii.cl/cvc_cgi/dte/pe_generar2',
      headers: { cookie: cookie ?? (await portalCertificateLogin(authority)).cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: form(rut),
    });

  it('answers the portal page for a dead session, and never to a web-service token', async () => {
    const token = authority.issueToken('11111111-1').token;
    for (const cookie of ['', `TOKEN=${token}`])
      expect((await get('76086428-5', cookie)).body.toString('latin1')).toContain('NO ESTA AUTENTICADO');
  });

  it('hands out the SET BASICO as ISO-8859-1 text that the set parser reads whole', async () => {
    const res = await get('76086428-5');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('ISO-8859-1');
    expect(res.body.includes(Buffer.from('Cajón', 'latin1'))).toBe(true);
    const set = parseSetPruebas(res.body.toString('latin1'));
    expect(set.casos.map((c) => c.tipoDte)).toEqual([33, 33, 33, 33, 61, 61, 61, 56]);
    for (const c of set.casos) expect(lineasDelCaso(set, c.id).lineas.length).toBeGreaterThan(0);
    const numeros = numerosDeAtencion(res.body.toString('latin1'));
    expect(Number(numeros['SET LIBRO DE VENTAS'])).toBe(Number(set.numeroAtencion) + 1);
    const compras = parseLibroComprasSet(res.body.toString('latin1'));
    expect(Number(compras?.numeroAtencion)).toBe(Number(set.numeroAtencion) + 2);
    expect(compras?.documentos.map((d) => d.tipoDoc)).toEqual([30, 33, 30, 60, 33, 46, 60]);
    expect(compras?.documentos.every((d) => d.afecto > 0)).toBe(true);
    expect(compras?.factorProporcionalidad).toBeGreaterThan(0);
  });

  it('is deterministic per RUT and differs between companies', () => {
    expect(setBasico('76086428-5')).toBe(setBasico('76086428-5'));
    expect(setBasico('77777777-7')).not.toBe(setBasico('76086428-5'));
  });

  it('answers the portal’s error page (HTTP 200, as the SII does) for a RUT that is not one', async () => {
    const res = await get('76086428-1');
    expect(res.status).toBe(200);
    expect(res.body.toString('latin1')).toContain('RUT de empresa no valido');
  });
});
