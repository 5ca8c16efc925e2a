import { runInNewContext } from 'node:vm';
import { SiiFakeAuthority } from './authority';
import { portalCertificateLogin } from './certificate-login';
import { NO_AUTORIZADO } from './portal-login';
import { BOLETA_JUAN } from './spec-support/bhe';

const URL_BHE = 'https://loa.sii.cl/cgi_IMT/TMBCOC_InformeMensualBheRec.cgi';
const RECEPTOR = { rut_arrastre: '76086428', dv_arrastre: '5' };
const octubre = { ...RECEPTOR, cbanoinformemensual: '2026', cbmesinformemensual: '10', pagina_solicitada: '0' };
const JUAN = BOLETA_JUAN;

/** The page's script run as a browser would: what its assignments leave in xml_values and arr_informe_mensual. */
function ejecutar(html: string): { xml: Record<string, string>; arr: Record<string, string>; filas: number } {
  const script = /<script[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const ctx: Record<string, unknown> = {};
  runInNewContext(script, ctx);
  const plano = (v: unknown) => Object.fromEntries(Object.entries(v as object)) as Record<string, string>;
  return { xml: plano(ctx['xml_values']), arr: plano(ctx['arr_informe_mensual']), filas: ctx['CantidadFilas'] as number };
}

describe('portal: informe mensual de boletas de honorarios recibidas (TMBCOC_InformeMensualBheRec.cgi)', () => {
  const now = new Date('2026-11-03T15:00:00Z'); // 12:00 in Santiago
  const authority = new SiiFakeAuthority({ now: () => now });
  let session = '';
  beforeAll(async () => (session = (await portalCertificateLogin(authority)).cookie));
  const get = (params: Record<string, string>, cookie = session) =>
    authority.handle({ method: 'GET', url: `${URL_BHE}?${new URLSearchParams(params)}`, headers: { cookie } });
  const html = async (params: Record<string, string>, cookie?: string) => (await get(params, cookie)).body.toString('latin1');
  const simBhe = async (body: unknown) => {
    const res = await authority.handle({
      method: 'POST',
      url: 'https://maullin.sii.cl/sim/bhe',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify(body)),
    });
    return { status: res.status, json: JSON.parse(res.body.toString()) as Record<string, unknown> };
  };

  it('answers the portal\'s "NO ESTA AUTENTICADO" page without a live portal session, a web-service token included', async () => {
    const token = authority.issueToken('11111111-1').token;
    for (const cookie of ['', 'TOKEN=nope', `TOKEN=${token}`]) {
      const body = await html(octubre, cookie);
      expect(body).toContain('NO ESTA AUTENTICADO');
      expect(body).not.toContain('xml_values');
    }
  });

  it('lists a stored boleta, each assignment on its own line, in ISO-8859-1, the same by GET and by POST', async () => {
    const creada = await simBhe(JUAN);
    expect(creada.status).toBe(201);
    expect(creada.json).toMatchObject({ retencion_receptor: 22113, honorarios_liquidos: 122887, anulada: false });
    const codigo = creada.json['codigo_barras'] as string;
    expect(codigo).toMatch(/^123456785000123[0-9A-F]{5}$/);
    const res = await get(octubre);
    expect(res.headers['content-type']).toBe('text/html; charset=ISO-8859-1');
    const lineas = res.body.toString('latin1').split('\n');
    for (const linea of [
      `xml_values['anio_consulta'] = "2026";`,
      `xml_values['mes_consulta'] = "10";`,
      `xml_values['rut_arrastre'] = "76086428";`,
      `xml_values['dv_arrastre'] = "5";`,
      `xml_values['total_boletas'] = "1";`,
      'var MAXFILAS=100;',
      'CantidadFilas=1;',
      `arr_informe_mensual['nroboleta_1'] = "123";`,
      `arr_informe_mensual['rutemisor_1'] = "12345678";`,
      `arr_informe_mensual['dvemisor_1'] = "5";`,
      `arr_informe_mensual['nombre_emisor_1'] = "JUAN P&Eacute;REZ SOTO";`,
      `arr_informe_mensual['fecha_boleta_1'] = "05/10/2026";`,
      `arr_informe_mensual['totalhonorarios_1'] = formatMiles("145000",'.');`,
      `arr_informe_mensual['retencion_receptor_1'] = formatMiles("22113",'.');`,
      `arr_informe_mensual['honorariosliquidos_1'] = formatMiles("122887",'.');`,
      `arr_informe_mensual['estado_1'] = "N";`,
      `arr_informe_mensual['fechaanulacion_1'] = "";`,
      `arr_informe_mensual['codigobarras_1'] = "${codigo}";`,
      `arr_informe_mensual['es_soc_profesional_1'] = "NO";`,
      `arr_informe_mensual['cod_comuna_1'] = "13101";`,
    ]) {
      expect(lineas).toContain(linea);
    }
    const post = await authority.handle({
      method: 'POST',
      url: URL_BHE,
      headers: { cookie: session, 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.from(new URLSearchParams(octubre).toString()),
    });
    expect(post.body.equals(res.body)).toBe(true);
  });

  it('is valid JavaScript: formatMiles writes the amounts with dots, as the browser shows them', async () => {
    const { xml, arr, filas } = ejecutar(await html(octubre));
    expect(xml['total_boletas']).toBe('1');
    expect(filas).toBe(1);
    expect([arr['totalhonorarios_1'], arr['retencion_receptor_1'], arr['honorariosliquidos_1']]).toEqual(['145.000', '22.113', '122.887']);
  });

  it('writes names with named HTML entities (numeric ones beyond them), never raw bytes', async () => {
    await simBhe({ ...JUAN, folio: 7, fecha: '2026-09-02', nombre_emisor: 'MUÑOZ & CÍA. <LTDA> "ÜNICA" Łódź\\' });
    const body = await html({ ...octubre, cbmesinformemensual: '09' });
    expect(body).toContain(
      `arr_informe_mensual['nombre_emisor_1'] = "MU&Ntilde;OZ &amp; C&Iacute;A. &lt;LTDA&gt; &quot;&Uuml;NICA&quot; &#321;&oacute;d&#378;&#92;";`,
    );
    expect([...(await get({ ...octubre, cbmesinformemensual: '09' })).body].every((b) => b < 0x80)).toBe(true);
  });

  it("withholds the year's rate when the receptor retains (14.5 % in 2025, 15.25 % in 2026), nothing when the emisor does", async () => {
    expect((await simBhe({ ...JUAN, folio: 2025, fecha: '2025-06-30' })).json).toMatchObject({
      retencion_receptor: 21025,
      honorarios_liquidos: 123975,
    });
    const emisor = await simBhe({ ...JUAN, folio: 8, fecha: '2026-08-14', bruto: 100001, retiene: 'emisor', sociedad_profesional: true });
    expect(emisor.json).toMatchObject({ retiene: 'emisor', retencion_receptor: 0, honorarios_liquidos: 100001 });
    const junio = await html({ ...octubre, cbanoinformemensual: '2025', cbmesinformemensual: '06' });
    expect(junio).toContain(`arr_informe_mensual['retencion_receptor_1'] = formatMiles("21025",'.');`);
    const agosto = await html({ ...octubre, cbmesinformemensual: '08' });
    expect(agosto).toContain(`arr_informe_mensual['retencion_receptor_1'] = formatMiles("0",'.');`);
    expect(agosto).toContain(`arr_informe_mensual['honorariosliquidos_1'] = formatMiles("100001",'.');`);
    expect(agosto).toContain(`arr_informe_mensual['es_soc_profesional_1'] = "SI";`);
  });

  it('marks an anulada boleta "A" with its voiding date: the one given, else today in Santiago', async () => {
    await simBhe({ ...JUAN, folio: 124, fecha: '2026-07-06', anulada: true, fecha_anulacion: '2026-07-09' });
    const sinFecha = await simBhe({ ...JUAN, folio: 125, fecha: '2026-07-07', anulada: true });
    expect(sinFecha.json).toMatchObject({ anulada: true, fecha_anulacion: '2026-11-03' });
    const { arr } = ejecutar(await html({ ...octubre, cbmesinformemensual: '07' }));
    expect([arr['estado_1'], arr['fechaanulacion_1'], arr['estado_2'], arr['fechaanulacion_2']]).toEqual([
      'A',
      '09/07/2026',
      'A',
      '03/11/2026',
    ]);
  });

  it("pages 100 rows at a time, rows numbered from 1 on each page, total_boletas the month's, by fecha then folio", async () => {
    for (let folio = 100; folio >= 1; folio--) authority.registrarBhe({ ...JUAN, folio: 1000 + folio, fecha: '2026-03-10' });
    authority.registrarBhe({ ...JUAN, folio: 2000, fecha: '2026-03-01' });
    authority.registrarBhe({ ...JUAN, receptor_rut: '11111111-1', folio: 3000, fecha: '2026-03-01' });
    authority.registrarBhe({ ...JUAN, folio: 3001, fecha: '2026-04-01' });
    const marzo = { ...octubre, cbmesinformemensual: '03' };
    const p0 = ejecutar(await html(marzo));
    expect([p0.xml['total_boletas'], p0.filas]).toEqual(['101', 100]);
    expect([p0.arr['nroboleta_1'], p0.arr['nroboleta_2'], p0.arr['nroboleta_100'], p0.arr['nroboleta_101']]).toEqual([
      '2000',
      '1001',
      '1099',
      undefined,
    ]);
    const p1 = ejecutar(await html({ ...marzo, pagina_solicitada: '1' }));
    expect([p1.xml['total_boletas'], p1.filas, p1.arr['nroboleta_1'], p1.arr['nroboleta_2']]).toEqual(['101', 1, '1100', undefined]);
    expect(ejecutar(await html({ ...marzo, pagina_solicitada: '2' })).filas).toBe(0);
  });

  it('answers an empty month with total_boletas "0", CantidadFilas=0 and no rows', async () => {
    const body = await html({ ...octubre, cbanoinformemensual: '2024', cbmesinformemensual: '01' });
    expect(body).toContain(`xml_values['total_boletas'] = "0";`);
    expect(body.split('\n')).toContain('CantidadFilas=0;');
    expect(body).not.toContain('arr_informe_mensual[');
  });

  it("answers the CGI's error TMB020a without pagina_solicitada or with a bad parameter", async () => {
    const { pagina_solicitada: _omitida, ...sinPagina } = octubre;
    for (const params of [
      sinPagina,
      { ...octubre, dv_arrastre: '4' },
      { ...octubre, rut_arrastre: '76.086.428' },
      { ...octubre, cbanoinformemensual: '26' },
      { ...octubre, cbmesinformemensual: '7' },
      { ...octubre, cbmesinformemensual: '13' },
      { ...octubre, pagina_solicitada: '-1' },
    ]) {
      const body = await html(params);
      expect(body).toContain('TMB020a');
      expect(body).not.toContain('xml_values');
    }
  });

  it("refuses another taxpayer's report with the portal's error page, for a browser session and by the RUT of a POST body", async () => {
    const login = await authority.handle({
      method: 'POST',
      url: 'https://maullin.sii.cl/sim/portal/login',
      headers: { host: 'maullin.sii.cl' },
      body: Buffer.from(JSON.stringify({ rut: '77777777-7' })),
    });
    const cookies = (JSON.parse(login.body.toString()) as { cookies: { name: string; value: string }[] }).cookies;
    expect(await html(octubre, cookies.map((c) => `${c.name}=${c.value}`).join('; '))).toContain(NO_AUTORIZADO);
    const propia = new SiiFakeAuthority({ usuariosAutorizados: { '76086428-5': ['22222222-2'] } });
    const { cookie } = await portalCertificateLogin(propia, '11111111-1');
    const res = await propia.handle({
      method: 'POST',
      url: URL_BHE,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.from(new URLSearchParams(octubre).toString()),
    });
    expect(res.body.toString('latin1')).toContain(NO_AUTORIZADO);
  });
});
