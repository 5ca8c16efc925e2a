import { lineasDelCaso, numerosDeAtencion, parseLibroComprasSet, parseSetPruebas } from '@lib/dte';
import { SiiFakeAuthority } from './authority';
import { setBasico } from './set-pruebas';

describe('GET /sim/set-pruebas/{rut}', () => {
  const authority = new SiiFakeAuthority();
  const token = authority.issueToken('11111111-1').token;
  const get = (rut: string, cookie = `TOKEN=${token}`) =>
    authority.handle({ method: 'GET', url: `https://maullin.sii.cl/sim/set-pruebas/${rut}`, headers: { cookie } });

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

  it('needs a session and a valid RUT', async () => {
    expect((await get('76086428-5', 'TOKEN=x')).status).toBe(401);
    expect((await get('76086428-1')).status).toBe(400);
  });
});
