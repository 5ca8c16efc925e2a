import { parseCarpetaTributaria } from '@lib/portal';
import { SiiFakeAuthority } from './authority';
import { contribuyenteFor } from './taxpayers';

describe('portal: carpeta tributaria pages', () => {
  const authority = new SiiFakeAuthority();
  const token = authority.issueToken('11111111-1').token;
  const get = (page: string, cookie = `TOKEN=${token}`) =>
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
});
