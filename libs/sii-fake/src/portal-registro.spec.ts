import { RegistroParseError, parseEmpresa, parseHistorialEmpresa } from '@lib/portal';
import { SiiFakeAuthority } from './authority';
import { portalCertificateLogin } from './certificate-login';
import { NO_AUTORIZADO } from './portal-login';
import { REGISTRO_RUT_DESCONOCIDO } from './portal-registro';
import { rutDv } from './internal/rut';
import { contribuyenteFor, type Contribuyente } from './taxpayers';

describe('portal: Registro de Empresas y Sociedades pages', () => {
  const EMPRESA = '76086428-5';
  const DESCONOCIDA = '96790240-3';
  const authority = new SiiFakeAuthority({ unknownRuts: [DESCONOCIDA] });
  // A certificate login (CAutInicio.cgi): the portal pages refuse the web-service token.
  let session = '';
  beforeAll(async () => (session = (await portalCertificateLogin(authority)).cookie));
  const get = (page: string, cookie = session) =>
    authority.handle({ method: 'GET', url: `https://zeus.sii.cl/cgi_res/${page}`, headers: { cookie } });
  const html = async (page: string, cookie?: string) => (await get(page, cookie)).body.toString('latin1');
  /** The parser's error for a page (parseEmpresa, or parseHistorialEmpresa with `historial`). */
  const errorDe = (page: string, historial = false): RegistroParseError => {
    try {
      if (historial) parseHistorialEmpresa(page);
      else parseEmpresa(page);
    } catch (e) {
      if (e instanceof RegistroParseError) return e;
      throw e;
    }
    throw new Error('the page parsed');
  };

  it('answers the "NO ESTA AUTENTICADO" page without a live session', async () => {
    expect(await html(`empresa.cgi?rut=${EMPRESA}`, 'TOKEN=nope')).toContain('NO ESTA AUTENTICADO');
    expect(await html(`historial.cgi?rut=${EMPRESA}`, '')).toContain('NO ESTA AUTENTICADO');
    expect(errorDe(await html(`historial.cgi?rut=${EMPRESA}`, ''), true).motivo).toBe('no_autenticado');
  });

  it('serves the company record in ISO-8859-1, which the parser reads as the taxpayer data', async () => {
    const res = await get(`empresa.cgi?rut=${EMPRESA}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=ISO-8859-1');
    const empresa = parseEmpresa(res.body.toString('latin1'));
    const c = contribuyenteFor(EMPRESA);
    expect(empresa).toMatchObject({
      rut: EMPRESA,
      razon_social: c.razon_social.toUpperCase(),
      fecha_constitucion: c.inicio_actividades,
      domicilio: `${c.direccion}, ${c.comuna}`.toUpperCase(),
      estado: 'VIGENTE',
    });
    expect(empresa.tipo_sociedad).toMatch(/^(SOCIEDAD|EMPRESA) /);
    expect(empresa.capital).toEqual(expect.any(Number));
    expect(empresa.administradores.map((a) => [a.nombre, a.rut])).toEqual(c.representantes.map((r) => [r.nombre.toUpperCase(), r.rut]));
    expect(empresa.administradores.every((a) => a.cargo)).toBe(true);
    expect(empresa.socios).toEqual([
      { nombre: c.representantes[0].nombre.toUpperCase(), rut: c.representantes[0].rut, aporte: empresa.capital, porcentaje: 100 },
    ]);
    // Deterministic per RUT.
    expect(parseEmpresa(await html(`empresa.cgi?rut=${EMPRESA}`))).toEqual(empresa);
    expect(authority.registroVisitas.get(EMPRESA)).toBe(2);
  });

  it('lists the representatives of a company with two as socios whose shares add up to the capital and to 100 %', async () => {
    const rut = rutDonde((c) => c.representantes.length === 2 && / (SpA|Ltda\.)$/.test(c.razon_social));
    const c = contribuyenteFor(rut);
    const empresa = parseEmpresa(await html(`empresa.cgi?rut=${rut}`));
    expect(empresa.socios.map((s) => s.rut)).toEqual(c.representantes.map((r) => r.rut));
    expect(empresa.socios.reduce((sum, s) => sum + (s.aporte ?? 0), 0)).toBe(empresa.capital);
    expect(empresa.socios.reduce((sum, s) => sum + (s.porcentaje ?? 0), 0)).toBe(100);
    expect(empresa.socios[0].porcentaje).toBeGreaterThanOrEqual(50);
  });

  it('lists a sociedad anónima without socios, and an E.I.R.L. with its only owner', async () => {
    const sa = parseEmpresa(await html(`empresa.cgi?rut=${rutDonde((c) => c.razon_social.endsWith(' S.A.'))}`));
    expect(sa).toMatchObject({ tipo_sociedad: 'SOCIEDAD ANÓNIMA', socios: [] });
    const eirl = parseEmpresa(await html(`empresa.cgi?rut=${rutDonde((c) => c.razon_social.endsWith(' E.I.R.L.'))}`));
    expect(eirl.tipo_sociedad).toBe('EMPRESA INDIVIDUAL DE RESPONSABILIDAD LIMITADA');
    expect(eirl.socios).toEqual([
      { nombre: eirl.administradores[0].nombre, rut: eirl.administradores[0].rut, aporte: eirl.capital, porcentaje: 100 },
    ]);
  });

  it('serves the historial: the constitution on the record date, then 1-2 modifications', async () => {
    const empresa = parseEmpresa(await html(`empresa.cgi?rut=${EMPRESA}`));
    const historial = parseHistorialEmpresa(await html(`historial.cgi?rut=${EMPRESA}`));
    expect(historial.length).toBeGreaterThanOrEqual(2);
    expect(historial.length).toBeLessThanOrEqual(3);
    expect(historial[0]).toMatchObject({ fecha: empresa.fecha_constitucion, tipo: 'CONSTITUCIÓN' });
    expect(historial.slice(1).every((m) => m.tipo === 'MODIFICACIÓN')).toBe(true);
    expect(historial.every((m) => /^\d{8}$/.test(m.actuacion) && m.descripcion)).toBe(true);
    expect([...historial.map((m) => m.fecha)].sort()).toEqual(historial.map((m) => m.fecha));
    expect(historial[1].descripcion).toBe(`Cambio de domicilio a ${empresa.domicilio}`);
    expect(authority.registroVisitas.get(`${EMPRESA}/historial`)).toBe(1);
  });

  it('serves a third filing for some companies: the capital increase up to the record capital', async () => {
    const otra = new SiiFakeAuthority();
    const { cookie } = await portalCertificateLogin(otra);
    const pagina = (page: string) => otra.handle({ method: 'GET', url: `https://zeus.sii.cl/cgi_res/${page}`, headers: { cookie } });
    let encontrada = false;
    for (let body = 76_000_000; body < 76_000_020 && !encontrada; body++) {
      const rut = `${body}-${rutDv(body)}`;
      const historial = parseHistorialEmpresa((await pagina(`historial.cgi?rut=${rut}`)).body.toString('latin1'));
      if (historial.length !== 3) continue;
      encontrada = true;
      const capital = parseEmpresa((await pagina(`empresa.cgi?rut=${rut}`)).body.toString('latin1')).capital ?? 0;
      const pesos = `$ ${String(capital).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
      expect(historial[2]).toMatchObject({
        tipo: 'MODIFICACIÓN',
        descripcion: expect.stringMatching(/^Aumento de capital de \$ [\d.]+ a /),
      });
      expect(historial[2].descripcion.endsWith(` a ${pesos}`)).toBe(true);
      expect(historial[2].fecha > historial[1].fecha).toBe(true);
    }
    expect(encontrada).toBe(true);
  });

  it('answers the portal error page for an unknown RUT, a persona natural and a bad request, none counted as a visit', async () => {
    const antes = [...authority.registroVisitas.entries()];
    const desconocida = errorDe(await html(`empresa.cgi?rut=${DESCONOCIDA}`));
    expect(desconocida).toMatchObject({ motivo: 'error_portal', mensajePortal: REGISTRO_RUT_DESCONOCIDO });
    expect(errorDe(await html(`historial.cgi?rut=${DESCONOCIDA}`), true)).toMatchObject({ mensajePortal: REGISTRO_RUT_DESCONOCIDO });
    for (const page of [`empresa.cgi?rut=11111111-1`, `historial.cgi?rut=11.111.111-1`]) {
      expect(errorDe(await html(page), page.startsWith('historial'))).toMatchObject({
        motivo: 'error_portal',
        mensajePortal: 'El RUT consultado no registra inscripción en el Registro de Empresas y Sociedades.',
      });
    }
    for (const page of ['empresa.cgi?rut=76086428-4', 'empresa.cgi', 'otra.cgi?rut=76086428-5']) {
      expect(errorDe(await html(page)).mensajePortal).toBe('La solicitud no es valida.');
    }
    expect([...authority.registroVisitas.entries()]).toEqual(antes);
  });

  it('answers NO_AUTORIZADO to a login session asking for another RUT, and serves its own', async () => {
    const login = await authority.handle({
      method: 'POST',
      url: 'https://zeus.sii.cl/sim/portal/login',
      headers: { 'content-type': 'application/json', host: 'zeus.sii.cl' },
      body: Buffer.from(JSON.stringify({ rut: EMPRESA })),
    });
    const { cookies } = JSON.parse(login.body.toString('utf8')) as { cookies: { name: string; value: string }[] };
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const otra = rutDonde((c) => c.razon_social.endsWith(' SpA'));
    expect(errorDe(await html(`empresa.cgi?rut=${otra}`, cookie))).toMatchObject({ motivo: 'error_portal', mensajePortal: NO_AUTORIZADO });
    expect(errorDe(await html(`historial.cgi?rut=${otra}`, cookie), true).mensajePortal).toBe(NO_AUTORIZADO);
    expect(parseEmpresa(await html(`empresa.cgi?rut=${EMPRESA}`, cookie)).rut).toBe(EMPRESA);
    expect(authority.registroVisitas.get(otra)).toBeUndefined();
  });
});

/** The first company RUT from 76.000.000 up whose synthetic taxpayer matches. */
function rutDonde(pred: (c: Contribuyente) => boolean): string {
  for (let body = 76_000_000; ; body++) {
    const rut = `${body}-${rutDv(body)}`;
    if (pred(contribuyenteFor(rut))) return rut;
  }
}
