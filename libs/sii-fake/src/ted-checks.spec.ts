import { santiagoDate } from '@lib/dte';
import { DevIssuer, enDd } from './spec-support/dev-issuer';

// Each test builds a valid document, breaks one rule of the timbre, has the dev signer stamp and sign it again and
// uploads it: the stand-in judges it with its own TED code (ted-checks.ts, timbre-checks.ts).
describe('the TED and the CAF (SII Formato DTE v2.2 §G; docs/research/sii-protocol.md §2.3, §3.3-3.4)', () => {
  let issuer: DevIssuer;
  beforeAll(async () => {
    issuer = await DevIssuer.start();
  }, 60_000);
  afterAll(() => issuer?.stop());
  afterEach(() => (issuer.offsetMs = 0));

  it('accepts a valid factura: STATUS 0, EPR, DOK', async () => {
    const r = await issuer.emitir(issuer.documento());
    expect(r).toMatchObject({
      status: 0,
      errors: [],
      estado: 'EPR',
      aceptados: 1,
      rechazados: 0,
      reparos: 0,
      documento: { result: 'DOK' },
    });
  });

  it.each([
    ['RE', '76086428-5'],
    ['TD', '34'],
    ['F', '999'],
    ['FE', '2020-01-02'],
    ['RR', '11111111-1'],
    ['RSR', 'Otro Cliente'],
    ['MNT', '119001'],
    ['IT1', 'Otra cosa'],
  ])('rejects (RCH) a DD whose %s is not the document’s', async (campo, otro) => {
    const r = await issuer.emitir(issuer.documento(), { dte: (xml) => enDd(xml, campo, otro) });
    expect(r).toMatchObject({ status: 0, estado: 'EPR', aceptados: 0, rechazados: 1, reparos: 0 });
    expect(r.documento).toEqual({ result: 'RCH', detail: `(TED) ${campo} del timbre no corresponde al documento` });
  });

  it('takes RSR and IT1 as the first 40 characters of RznSocRecep and of the first NmbItem', async () => {
    const largo = 'Sociedad Comercializadora de Insumos Tecnologicos del Sur Limitada';
    const doc = issuer.documento(33, {
      receptor: { rut: '77777777-7', razon_social: largo, giro: 'Comercio' },
      detalle: [{ nombre: `${largo} servicio`, cantidad: 1, precio_unitario: 1_000 }],
    });
    expect((await issuer.emitir(doc)).documento).toEqual({ result: 'DOK', detail: undefined });
  });

  it('answers STATUS 8 when FRMT does not verify with the CAF key', async () => {
    const doc = issuer.documento();
    const r = await issuer.emitir(doc, {
      timbrado: (xml) => xml.replace(/(<FRMT[^>]*>)[^<]*/, `$1${Buffer.alloc(64, 7).toString('base64')}`),
    });
    expect(r).toMatchObject({ status: 8, errors: [`DTE T33F${doc.folio}: Firma del TED (FRMT) invalida`] });
  });

  it('answers STATUS 8 when the CAF in the DD is not the one the SII signed (FRMA)', async () => {
    const doc = issuer.documento();
    const r = await issuer.emitir(doc, { dte: (xml) => xml.replace(/<RS>[^<]*<\/RS>/, '<RS>OTRA RAZON SOCIAL</RS>') });
    expect(r).toMatchObject({ status: 8, errors: [`DTE T33F${doc.folio}: CAF no autorizado por el SII (FRMA invalida)`] });
  });

  it('rejects (RCH) a document dated before its CAF was authorized (FchEmis < FA)', async () => {
    const fa = santiagoDate(issuer.authority.now());
    const ayer = santiagoDate(new Date(issuer.authority.now().getTime() - 86_400_000));
    const r = await issuer.emitir(issuer.documento(33, { fecha_emision: ayer }));
    expect(r).toMatchObject({ status: 0, rechazados: 1 });
    expect(r.documento).toEqual({ result: 'RCH', detail: `(TED) Fecha de Emision ${ayer} anterior a la autorizacion del CAF (FA ${fa})` });
  });

  it('rejects (RCH) a factura whose CAF is older than 6 months (CAF Vencido)', async () => {
    const doc = issuer.documento();
    const file = await issuer.envio([doc]);
    issuer.offsetMs = 200 * 86_400_000;
    const subida = await issuer.subir(file);
    expect(subida.status).toBe(0);
    const r = await issuer.resultado(subida.trackId as string);
    expect(r).toMatchObject({
      estado: 'EPR',
      rechazados: 1,
      documento: { result: 'RCH', detail: expect.stringMatching(/^CAF Vencido: FA \d{4}-\d\d-\d\d > 6 meses$/) },
    });
  });
});
