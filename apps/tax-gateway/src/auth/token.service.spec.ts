import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { Registry } from 'prom-client';
import { SharedRedis } from '@lib/platform';
import { TaxMetrics } from '../metrics/tax-metrics';
import { TaxSettings, loadTaxSettings } from '../settings/tax-settings';
import type { SignerClient } from '../signer/signer-client';
import type { SiiClient } from '../sii/sii-client';
import type { BoletaClient } from '../sii/boleta.client';
import { SiiTokenInvalidError } from '../sii/sii-errors';
import { TokenService } from './token.service';

class ClockedTokenService extends TokenService {
  clock = 1_000_000;
  protected override now(): number {
    return this.clock;
  }
}

function setup(settings: TaxSettings = loadTaxSettings({ SIGNER_KEY: 'k', TOKEN_TTL_SECONDS: '60' }), redis?: SharedRedis) {
  let n = 0;
  const signed: string[] = [];
  const sii = {
    getSeed: jest.fn(async () => `00000000000${++n}`),
    getToken: jest.fn(async (xml: Buffer) => `TOKEN-${/<Semilla>(\d+)</.exec(xml.toString())?.[1]}`),
  };
  const boletas = {
    getSeed: jest.fn(async () => `10000000000${++n}`),
    getToken: jest.fn(async (xml: Buffer) => `BOLETA-${/<Semilla>(\d+)</.exec(xml.toString())?.[1]}`),
  };
  const signer = {
    signXml: jest.fn(async (xml: Buffer, uri: string) => {
      signed.push(`${uri}|${xml.toString()}`);
      return xml;
    }),
  };
  const service = new ClockedTokenService(
    settings,
    sii as unknown as SiiClient,
    boletas as unknown as BoletaClient,
    signer as unknown as SignerClient,
    new TaxMetrics(new Registry()),
    redis,
  );
  return { service, sii, boletas, signer, signed };
}

describe('TokenService', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('signs <getToken><item><Semilla> with reference "" and caches the token per tenant until the TTL', async () => {
    const { service, sii, signed } = setup();
    const first = await service.getToken('1-9');
    expect(first).toMatchObject({ cached: false, token: { token: 'TOKEN-000000000001' } });
    expect(signed[0]).toBe('|<?xml version="1.0"?>\n<getToken><item><Semilla>000000000001</Semilla></item></getToken>');
    expect((await service.getToken('1-9')).cached).toBe(true);
    expect((await service.getToken('2-7')).cached).toBe(false);
    service.clock += 60_000;
    expect(await service.getToken('1-9')).toMatchObject({ cached: false, token: { token: 'TOKEN-000000000003' } });
    expect(sii.getSeed).toHaveBeenCalledTimes(3);
  });

  it('shares one exchange between concurrent cold requests (single flight)', async () => {
    const { service, sii } = setup();
    const results = await Promise.all([service.getToken('1-9'), service.getToken('1-9'), service.getToken('1-9')]);
    expect(sii.getSeed).toHaveBeenCalledTimes(1);
    expect(new Set(results.map((r) => r.token.token)).size).toBe(1);
  });

  it('a failed exchange is not cached and the next call tries again', async () => {
    const { service, sii } = setup();
    sii.getToken.mockRejectedValueOnce(new Error('boom'));
    await expect(service.getToken('1-9')).rejects.toThrow('boom');
    expect((await service.getToken('1-9')).token.token).toBe('TOKEN-000000000002');
  });

  it('invalidates one tenant or all; an exchange running during the invalidation does not refill the cache', async () => {
    const { service, sii } = setup();
    await service.getToken('1-9');
    await service.getToken('2-7');
    expect(service.invalidate('1-9')).toBe(1);
    expect((await service.getToken('2-7')).cached).toBe(true);
    await service.getToken('1-9');
    expect(service.invalidate()).toBe(2);
    let release!: () => void;
    sii.getSeed.mockImplementationOnce(() => new Promise((r) => (release = () => r('000000000099'))));
    const pending = service.getToken('1-9');
    await new Promise((r) => setImmediate(r));
    service.invalidate();
    release();
    await pending;
    expect((await service.getToken('1-9')).cached).toBe(false);
  });

  it('withToken retries once with a fresh token when the SII says the token is invalid, then gives up with 502', async () => {
    const { service, sii } = setup();
    const seen: string[] = [];
    const result = await service.withToken('1-9', async (token) => {
      seen.push(token);
      if (seen.length === 1) throw new SiiTokenInvalidError('DTEUpload', 'STATUS 5');
      return 'ok';
    });
    expect(result).toBe('ok');
    expect(seen).toEqual(['TOKEN-000000000001', 'TOKEN-000000000002']);
    expect(sii.getSeed).toHaveBeenCalledTimes(2);
    await expect(
      service.withToken('1-9', async () => {
        throw new SiiTokenInvalidError('getEstUp', 'ESTADO 001');
      }),
    ).rejects.toMatchObject({ error: 'sii_rejected', status: 502 });
    await expect(service.withToken('1-9', async () => Promise.reject(new Error('other')))).rejects.toThrow('other');
  });

  it("keeps the boleta services' token apart: its own seed and token, renewed alone; invalidating a tenant drops both", async () => {
    const { service, sii, boletas } = setup();
    const dte = await service.getToken('1-9');
    const boleta = await service.getToken('1-9', 'boleta');
    expect(boleta.token.token).toBe('BOLETA-100000000002');
    expect(dte.token.token).not.toBe(boleta.token.token);
    expect([sii.getSeed.mock.calls.length, boletas.getSeed.mock.calls.length]).toEqual([1, 1]);
    const seen: string[] = [];
    await service.withToken(
      '1-9',
      async (token) => {
        seen.push(token);
        if (seen.length === 1) throw new SiiTokenInvalidError('boletaEnvio', 'HTTP 401');
      },
      'boleta',
    );
    expect(seen).toEqual(['BOLETA-100000000002', 'BOLETA-100000000003']);
    expect((await service.getToken('1-9')).cached).toBe(true);
    expect(service.invalidate('1-9')).toBe(2);
  });

  it('adopts the token another process stored between its read of the shared cache and taking the lock', async () => {
    const stored = JSON.stringify({ token: 'TOKEN-OTRO', expiresAt: '2030-01-01T00:00:00.000Z' });
    // The other process stores its token and releases the lock right after this process's first read.
    const get = jest.fn().mockResolvedValueOnce(null).mockResolvedValue(stored);
    const client = { get, set: jest.fn(async () => 'OK'), eval: jest.fn(async () => 1) };
    const { service, sii } = setup(undefined, new SharedRedis(client as unknown as Redis));
    expect(await service.getToken('1-9')).toMatchObject({ cached: false, token: { token: 'TOKEN-OTRO' } });
    expect(sii.getSeed).not.toHaveBeenCalled();
    expect(client.eval).toHaveBeenCalledTimes(1);
  });
});
