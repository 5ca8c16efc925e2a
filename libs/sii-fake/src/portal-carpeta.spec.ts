import Ajv2020 from 'ajv/dist/2020';
import { load } from 'cheerio';
import { parseCarpetaTributaria } from '@lib/portal';
import { CARPETA_TRIBUTARIA_JSON_SCHEMA } from '@lib/schemas';
import { SiiFakeAuthority } from './authority';
import { portalCertificateLogin } from './certificate-login';
import { contribuyenteFor } from './taxpayers';

describe('portal: carpeta tributaria pages', () => {
  const authority = new SiiFakeAuthority();
  // A certificate login (CAutInicio.cgi): the portal pages refuse the web-service token.
  let session = '';
  beforeAll(async () => (session = (await portalCertificateLogin(authority)).cookie));
  const get = (page: string, cookie = session) =>
    authority.handle({ method: 'GET', url: `https://zeus.sii.cl/dii_cgi/carpeta_tributaria/${page}`, headers: { cookie } });

  it('answers the "NO ESTA AUTENTICADO" page without a live session', async () => {
    const res = await get('cte_para_creditos_00.cgi?rut=76086428-5', 'TOKEN=nope');
    expect(res.body.toString('latin1')).toContain('NO ESTA AUTENTICADO');
  });

  it('leads from the start page to a frameset whose cte frame is the carpeta, which the parser reads', async () => {
    expect((await get('cte_para_creditos_00.cgi?rut=76086428-5')).body.toString('latin1')).toContain('id="btn_continuar"');
    expect((await get('cte_para_creditos_01.cgi?rut=76086428-5')).body.toString('latin1')).toContain(
      '<frame name="cte" src="cte_para_creditos_02.cgi?rut=76086428-5">',
    );
    const res = await get('cte_para_creditos_02.cgi?rut=76086428-5');
    expect(res.headers['content-type']).toContain('ISO-8859-1');
    const carpeta = parseCarpetaTributaria(res.body.toString('latin1'));
    expect(carpeta.encabezado).toMatchObject({ nombre: contribuyenteFor('76086428-5').razon_social.toUpperCase(), rut: '76086428-5' });
    expect(carpeta.contribuyente.actividades.length).toBeGreaterThan(0);
    expect(authority.portalVisitas.get('76086428-5')).toBe(1);
    const pdf = await get('cte_pdf.cgi?rut=76086428-5');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('serves the F29 frames, F22 years, properties and honorarium receipts so that the carpeta is complete and valid', async () => {
    const rut = '76086428-5';
    const html = (await get(`cte_para_creditos_02.cgi?rut=${rut}`)).body.toString('latin1');
    const frames: Record<number, string> = {};
    for (const el of load(html)('iframe[id^="hn_iva_"]').toArray()) {
      const src = el.attribs['src'];
      const url = src.startsWith('/') ? `https://zeus.sii.cl${src}` : `https://zeus.sii.cl/dii_cgi/carpeta_tributaria/${src}`;
      const res = await authority.handle({ method: 'GET', url, headers: { cookie: session } });
      frames[Number(el.attribs['id'].slice('hn_iva_'.length))] = res.body.toString('latin1');
    }
    const carpeta = parseCarpetaTributaria(html, frames);
    expect(carpeta.declaraciones_iva.map((d) => [d.declarada, d.campos === null])).toEqual([
      [false, true],
      [true, false],
      [true, false],
    ]);
    expect(carpeta.declaraciones_iva[1].campos?.['03']).toBe(rut);
    expect(carpeta.declaraciones_renta[0].filas.map((f) => f.codigo)).toEqual(['628', '18']);
    expect(carpeta.propiedades).toHaveLength(1);
    const validate = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true }).compile(CARPETA_TRIBUTARIA_JSON_SCHEMA);
    expect(validate(carpeta) ? [] : validate.errors).toEqual([]);

    const persona = parseCarpetaTributaria((await get('cte_para_creditos_02.cgi?rut=12345678-5')).body.toString('latin1'));
    expect(persona.boletas_honorarios.periodos).toHaveLength(2);
    expect(persona.boletas_honorarios.totales?.honorario_bruto).toBe(
      persona.boletas_honorarios.periodos.reduce((a, p) => a + (p.honorario_bruto ?? 0), 0),
    );
    expect(persona.propiedades).toEqual([]);
  });
});
