import { X509Certificate } from 'node:crypto';
import { EMISOR, DevIssuer } from './spec-support/dev-issuer';

const YEAR_MS = 365 * 86_400_000;

// The signing certificate and its holder (certificado-checks.ts): each test builds a valid envío, breaks one rule,
// has the dev signer sign it again and uploads it.
describe('the signing certificate: validity and authorized holder (docs/research/sii-protocol.md §2.4, §10)', () => {
  let issuer: DevIssuer;
  let notAfter: Date;
  beforeAll(async () => {
    issuer = await DevIssuer.start();
    const res = await fetch(`${issuer.signer.url}/sign/certificate`, { headers: { 'X-Internal-Key': issuer.signer.key } });
    notAfter = new Date(new X509Certificate(((await res.json()) as { certificate_pem: string }).certificate_pem).validTo);
  }, 60_000);
  afterAll(() => issuer?.stop());
  afterEach(() => {
    issuer.offsetMs = 0;
    issuer.authority.usuariosAutorizados.clear();
  });

  it('answers STATUS 8 when TmstFirmaEnv is before the certificate’s notBefore', async () => {
    const file = await issuer.envio([issuer.documento()], { caratula: { tmstFirmaEnv: '2001-01-01T00:00:00' } });
    const r = await issuer.subir(file);
    expect(r).toMatchObject({ status: 8, errors: ['Envio: firmado el 2001-01-01T00:00:00, fuera de la vigencia del certificado'] });
  });

  it('answers STATUS 8 when a Documento’s TmstFirma is before the certificate’s notBefore', async () => {
    const doc = issuer.documento();
    const dte = (xml: string) => xml.replace(/<TmstFirma>[^<]*<\/TmstFirma>/, '<TmstFirma>2001-01-01T00:00:00</TmstFirma>');
    const r = await issuer.subir(await issuer.envio([doc], { dte }));
    expect(r).toMatchObject({
      status: 8,
      errors: [`DTE T33F${doc.folio}: firmado el 2001-01-01T00:00:00, fuera de la vigencia del certificado`],
    });
  });

  it('answers STATUS 8 when the certificate has expired by the time the SII receives the envío', async () => {
    const file = await issuer.envio([issuer.documento()]);
    issuer.offsetMs = notAfter.getTime() - Date.now() + YEAR_MS;
    const r = await issuer.subir(file);
    expect(r.status).toBe(8);
    expect(r.errors).toEqual([
      expect.stringMatching(/^Envio: certificado vencido el /),
      expect.stringMatching(/^DTE T33F\d+: certificado vencido el /),
    ]);
  });

  it('answers STATUS 1 when the sender is not a user the company authorized', async () => {
    issuer.authority.autorizarUsuarios(EMISOR, ['12345678-5']);
    const r = await issuer.subir(await issuer.envio([issuer.documento()]));
    expect(r).toMatchObject({ status: 1, errors: [`Usuario sin permiso de envio: ${issuer.holder} no autorizado por ${EMISOR}`] });
  });

  it('answers STATUS 1 when the certificate that signed the envío is not of an authorized user, though the sender is', async () => {
    issuer.authority.autorizarUsuarios(EMISOR, ['12345678-5']);
    const file = await issuer.envio([issuer.documento()], { caratula: { rutEnvia: '12345678-5' } });
    const r = await issuer.subir(file, { rutSender: '12345678-5' });
    expect(r.status).toBe(1);
    expect(r.errors[0]).toBe(`Usuario sin permiso de envio: Envio firmado por ${issuer.holder}, no autorizado por ${EMISOR}`);
  });

  it('accepts the envío of an authorized user (STATUS 0)', async () => {
    issuer.authority.autorizarUsuarios(EMISOR, [issuer.holder]);
    expect((await issuer.subir(await issuer.envio([issuer.documento()]))).status).toBe(0);
  });
});
