import { DevIssuer, enDd, enDocumento } from './spec-support/dev-issuer';

// Each test builds a valid document, breaks one header rule, has the dev signer stamp and sign it again and uploads
// it: the stand-in rejects it (RCH) at EPR with its own code (encabezado-checks.ts).
describe('header rules (SII Formato DTE v2.2 §A, §B IndExe)', () => {
  let issuer: DevIssuer;
  beforeAll(async () => {
    issuer = await DevIssuer.start();
  }, 60_000);
  afterAll(() => issuer?.stop());

  async function rechazo(doc: Parameters<DevIssuer['emitir']>[0], dte: ((xml: string) => string) | undefined, glosa: string) {
    const r = await issuer.emitir(doc, { dte });
    expect(r).toMatchObject({ status: 0, errors: [], estado: 'EPR', aceptados: 0, rechazados: 1, reparos: 0 });
    expect(r.documento).toEqual({ result: 'RCH', detail: glosa });
  }

  it('rejects a RUTRecep whose check digit is wrong (modulo 11), though the XSD takes its shape', async () => {
    // The timbre repeats it (RR), so only the check digit is wrong.
    const mal = (xml: string) => enDd(enDocumento(xml, 'RUTRecep', '77777777-6'), 'RR', '77777777-6');
    await rechazo(issuer.documento(), mal, '(HED) RUT Receptor 77777777-6 invalido (digito verificador)');
  });

  it('rejects an IVA retention (15) on a factura de venta: §4 applies it to a factura de compra and its notes only', async () => {
    const conRetencion = (xml: string) =>
      xml
        .replace('<MontoItem>', '<CodImpAdic>15</CodImpAdic><MontoItem>')
        .replace(
          /<IVA>(\d+)<\/IVA>/,
          (m, iva) => `${m}<ImptoReten><TipoImp>15</TipoImp><TasaImp>19</TasaImp><MontoImp>${iva}</MontoImp></ImptoReten>`,
        );
    const r = await issuer.emitir(issuer.documento(33), { dte: conRetencion });
    expect(r).toMatchObject({ estado: 'EPR', rechazados: 1 });
    expect(r.documento?.result).toBe('RCH');
    expect(r.documento?.detail).toContain('(DET) Codigo de retencion 15 solo en Factura de Compra o sus notas');
  });

  it('rejects a liquidación-factura 43 without Comisiones y Otros Cargos, obligatory on it (§F)', async () => {
    const liquidacion = issuer.documento(43, {
      receptor: { rut: '77777777-7', razon_social: 'Mandante SpA', giro: 'Comercio', direccion: 'Calle 1', comuna: 'Santiago' },
      detalle: [{ nombre: 'Factura 120', cantidad: 1, precio_unitario: 100_000, tipo_doc_liq: '33' }],
      comisiones: [{ tipo: 'C', glosa: 'Comision', neto: 10_000 }],
    });
    const sinComisiones = (xml: string) => xml.replace(/<Comisiones>[\s\S]*?<\/Comisiones>/g, '');
    const r = await issuer.emitir(liquidacion, { dte: sinComisiones });
    expect(r).toMatchObject({ estado: 'EPR', rechazados: 1 });
    expect(r.documento?.detail).toContain('(HED) Liquidacion-Factura sin Comisiones y Otros Cargos');
    const { folio: _usado, ...resto } = liquidacion;
    expect((await issuer.emitir(issuer.documento(43, resto))).documento).toEqual(expect.objectContaining({ result: 'DOK' }));
  });

  it('rejects a factura without DirOrigen or CmnaOrigen, which are obligatory for a 33', async () => {
    const sinDireccion = issuer.documento(33);
    sinDireccion.emisor = { ...sinDireccion.emisor, direccion: undefined };
    await rechazo(sinDireccion, undefined, '(HED) Falta Direccion de Origen');
    const sinComuna = issuer.documento(33);
    sinComuna.emisor = { ...sinComuna.emisor, comuna: undefined };
    await rechazo(sinComuna, undefined, '(HED) Falta Comuna de Origen');
  });

  it('accepts a nota de crédito without DirOrigen and CmnaOrigen (optional for notes)', async () => {
    const nota = issuer.documento(61, { referencias: [{ tipo_doc: 33, folio: 1, fecha: '2026-01-02', codigo: 3, razon: 'Devolucion' }] });
    nota.emisor = { ...nota.emisor, direccion: undefined, comuna: undefined };
    expect((await issuer.emitir(nota)).documento).toEqual({ result: 'DOK', detail: undefined });
  });

  it('rejects a guía de despacho (52) without IndTraslado or without CmnaDest, obligatory on a guía though the XSD takes it', async () => {
    const guia = () => issuer.documento(52, { ind_traslado: 1, transporte: { comuna_destino: 'Quilicura' } });
    expect((await issuer.emitir(guia())).documento).toEqual({ result: 'DOK', detail: undefined });
    await rechazo(guia(), (xml) => xml.replace('<IndTraslado>1</IndTraslado>', ''), '(HED) Guia de Despacho sin Indicador de Traslado');
    await rechazo(guia(), (xml) => xml.replace(/<Transporte>.*<\/Transporte>/, ''), '(HED) Guia de Despacho sin Comuna de Destino');
  });

  it('rejects a factura afecta (33) whose lines are all exempt', async () => {
    const doc = issuer.documento(33, { detalle: [{ nombre: 'Exento', cantidad: 1, precio_unitario: 1_000, exento: true }] });
    await rechazo(doc, undefined, '(DET) Factura afecta sin lineas afectas');
  });
});
