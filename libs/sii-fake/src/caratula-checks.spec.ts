import { EMISOR, DevIssuer } from './spec-support/dev-issuer';

// Each test builds a valid envío, breaks one Caratula rule, has the dev signer sign it again and uploads it: the
// upload is accepted (STATUS 0) and the envío ends in RCT, as at the SII (caratula-checks.ts).
describe('Caratula rules: the envío ends in RCT (docs/research/sii-protocol.md §1.9, §2.5, §3.1)', () => {
  let issuer: DevIssuer;
  beforeAll(async () => {
    issuer = await DevIssuer.start();
  }, 60_000);
  afterAll(() => issuer?.stop());
  afterEach(() => issuer.authority.resoluciones.clear());

  async function rct(file: Buffer) {
    const subida = await issuer.subir(file);
    expect(subida).toMatchObject({ status: 0, errors: [] });
    const r = await issuer.resultado(subida.trackId as string);
    expect(r.estado).toBe('RCT');
    return r.glosa;
  }

  it('ends in EPR when SubTotDTE counts the DTEs of each type, for an envío of two types', async () => {
    const file = await issuer.envio([issuer.documento(33), issuer.documento(34), issuer.documento(33)]);
    const subida = await issuer.subir(file);
    expect((await issuer.resultado(subida.trackId as string)).estado).toBe('EPR');
  });

  it('ends in RCT when a SubTotDTE NroDTE is not the number of DTEs of its type', async () => {
    const envio = (xml: string) => xml.replace('<NroDTE>1</NroDTE>', '<NroDTE>2</NroDTE>');
    expect(await rct(await issuer.envio([issuer.documento()], { envio }))).toBe(
      '(CRT) SubTotDTE TpoDTE 33: NroDTE 2 distinto de los 1 DTE del envio',
    );
  });

  it('ends in RCT when SubTotDTE names a type the envío does not carry', async () => {
    const envio = (xml: string) => xml.replace('</SubTotDTE>', '</SubTotDTE><SubTotDTE><TpoDTE>34</TpoDTE><NroDTE>1</NroDTE></SubTotDTE>');
    expect(await rct(await issuer.envio([issuer.documento()], { envio }))).toBe(
      '(CRT) SubTotDTE TpoDTE 34: NroDTE 1 distinto de los 0 DTE del envio',
    );
  });

  it('ends in RCT (CRT-3-18) when RutReceptor is not the SII', async () => {
    const file = await issuer.envio([issuer.documento()], { caratula: { rutReceptor: '77777777-7' } });
    expect(await rct(file)).toBe('(CRT-3-18) RUT Receptor (Caratula) Invalido');
  });

  it('ends in RCT (CRT-3-19) for a resolution other than NroResol 0 in certification, or than the company’s registered one', async () => {
    expect(await rct(await issuer.envio([issuer.documento()], { caratula: { nroResol: 80 } }))).toBe(
      '(CRT-3-19) Fecha/Numero Resolucion Invalido',
    );
    issuer.authority.resoluciones.set(EMISOR, { fecha: '2014-08-22', numero: 0 });
    const otraFecha = await issuer.envio([issuer.documento()], { caratula: { fchResol: '2015-01-01' } });
    expect(await rct(otraFecha)).toBe('(CRT-3-19) Fecha/Numero Resolucion Invalido');
    const registrada = await issuer.subir(await issuer.envio([issuer.documento()]));
    expect((await issuer.resultado(registrada.trackId as string)).estado).toBe('EPR');
  });

  it('ends in RCT when RutEnvia is not the upload’s sender', async () => {
    const file = await issuer.envio([issuer.documento()], { caratula: { rutEnvia: '12345678-5' } });
    expect(await rct(file)).toBe('RUT Envia diferente al Upload');
  });
});
