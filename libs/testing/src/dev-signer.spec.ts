import { startDevSigner } from './dev-signer';

describe('startDevSigner', () => {
  it('runs the real signer on a free port with a random key and stops it', async () => {
    const signer = await startDevSigner();
    let stopped = false;
    try {
      expect(signer.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const denied = await fetch(`${signer.url}/sign/certificate`);
      expect(denied.status).toBe(401);
      const cert = await fetch(`${signer.url}/sign/certificate`, { headers: { 'X-Internal-Key': signer.key } });
      expect(cert.status).toBe(200);
      expect((await cert.json()).certificate_pem).toContain('BEGIN CERTIFICATE');
      await signer.stop();
      stopped = true;
      await expect(fetch(`${signer.url}/health`)).rejects.toThrow();
    } finally {
      if (!stopped) await signer.stop();
    }
  }, 40_000);

  // That `env` reaches the signer (its login at the stand-in) is libs/sii-fake signer-login.spec.ts.
  it("rejects with the signer's message when a setting in `env` is wrong", async () => {
    await expect(startDevSigner({ env: { SII_AUTH_URL: 'http://herculesr.sii.cl/x' } })).rejects.toThrow(
      /SII_AUTH_URL must be an absolute https URL/,
    );
  }, 40_000);
});
