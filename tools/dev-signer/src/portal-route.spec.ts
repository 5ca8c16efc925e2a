import { createSignerServer, type SignerServer } from './server';
import { opensslServerCertificate, tempDir } from '../test/fixtures';

const KEY = 'gw-secret';

// The route's input and auth checks; the login itself against the SII stand-in is libs/sii-fake signer-login.spec.ts
// (a real signer process), against a local HTTPS server portal-session.spec.ts.
describe('POST /portal/session (input and callers)', () => {
  const tmp = tempDir();
  let signer: SignerServer;

  beforeAll(() => {
    signer = createSignerServer({
      dataDir: tmp.dir,
      internalKeys: `tax-gateway:${KEY}`,
      holderRut: '11111111-1',
      // Never reached: every request of these cases is refused before the login.
      portal: {
        authUrl: 'https://127.0.0.1:9/cgi_AUT2000/CAutInicio.cgi',
        ca: [opensslServerCertificate().certificatePem],
        timeoutMs: 1000,
      },
    });
  });
  afterAll(async () => {
    await signer.close();
    tmp.cleanup();
  });

  const open = (payload: unknown, key: string | null = KEY) =>
    signer.app.inject({
      method: 'POST',
      url: '/portal/session',
      payload: payload as object,
      headers: key === null ? {} : { 'x-internal-key': key },
    });

  it.each([
    [{}],
    [{ referencia: '' }],
    [{ referencia: '/cgi_misii/siihome.cgi' }],
    [{ referencia: 'ftp://misiir.sii.cl/' }],
    [{ referencia: 42 }],
  ])('answers 400 bad_request for %j', async (payload) => {
    const r = await open(payload);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ error: 'bad_request', detail: expect.any(String) });
  });

  it('answers 401 without X-Internal-Key', async () => {
    const r = await open({ referencia: 'https://misiir.sii.cl/' }, null);
    expect(r.statusCode).toBe(401);
  });
});
