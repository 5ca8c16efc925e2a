import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { TEST_KEYS, closeTestApp, createTestApp } from '@lib/testing';
import { AppModule } from '../src/app.module';
import { appOptions } from '../src/config';

// Against the SII's real certification environment (maullin.sii.cl), not the fake: the hard rule that
// the gateway speaks the real protocol (docs/tax-gateway.md "SII integration tests"). Opt in with
// SII_INTEGRATION=1 and a signing service that holds a certificate the SII knows:
//   SIGNER_URL, SIGNER_KEY        the signing service (the dev signer's self-signed certificate is refused)
//   SII_INTEGRATION_TENANT        the RUT of the company the certificate acts for
//   SII_INTEGRATION_TRACKID       optional: a TRACKID of an upload of that company, for estado
const ENV = process.env;
const KEY = TEST_KEYS.admin;

function skipReason(): string | undefined {
  if (ENV.SII_INTEGRATION !== '1') return 'SII_INTEGRATION is not 1 (these tests call maullin.sii.cl)';
  const missing = ['SIGNER_URL', 'SIGNER_KEY', 'SII_INTEGRATION_TENANT'].filter((name) => !ENV[name]);
  return missing.length > 0 ? `SII_INTEGRATION=1 but ${missing.join(', ')} not set` : undefined;
}

const reason = skipReason();
if (reason) process.stdout.write(`tax-gateway SII integration tests skipped: ${reason}\n`);
const describeReal = reason ? describe.skip : describe;

describeReal('SII certification environment (SII_INTEGRATION=1)', () => {
  const tenant = ENV.SII_INTEGRATION_TENANT as string;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createTestApp(
      AppModule,
      { TAX_ENV: 'cert', SIGNER_URL: ENV.SIGNER_URL, SIGNER_KEY: ENV.SIGNER_KEY } as Record<string, string>,
      appOptions,
    );
  }, 60_000);

  afterAll(async () => {
    if (app) await closeTestApp(app);
  });

  it('gets a token through CrSeed and GetTokenFromSeed, then from the cache', async () => {
    const first = await request(app.getHttpServer()).post('/tax/auth/token').set('X-Internal-Key', KEY).send({ tenant }).expect(200);
    expect(first.body).toMatchObject({ environment: 'cert', cached: false });
    const again = await request(app.getHttpServer()).post('/tax/auth/token').set('X-Internal-Key', KEY).send({ tenant }).expect(200);
    expect(again.body.cached).toBe(true);
  }, 60_000);

  (ENV.SII_INTEGRATION_TRACKID ? it : it.skip)(
    'reads the state of an upload through QueryEstUp',
    async () => {
      const res = await request(app.getHttpServer())
        .get('/tax/dte/estado')
        .query({ tenant, trackid: ENV.SII_INTEGRATION_TRACKID })
        .set('X-Internal-Key', KEY)
        .expect(200);
      expect(res.body.trackid).toBe(ENV.SII_INTEGRATION_TRACKID);
      expect(res.body.estado).toMatch(/^[A-Z0-9-]{2,5}$/);
    },
    60_000,
  );

  // Taxpayer data: the gateway reads it from the stand-in's /sim/contribuyente today; the real source is
  // the SII portal (open issue "the SII portal"), so there is no real-environment test for it yet.
});
