import { Registry } from 'prom-client';
import { TaxMetrics } from '../metrics/tax-metrics';
import { loadTaxSettings } from '../settings/tax-settings';
import { ContribuyenteService } from './contribuyente.service';
import { taxpayerRecord } from '../../test/support/taxpayer-record';
import { TaxpayerSource } from './taxpayer-source';

function setup(ttl = '86400') {
  const fetch = jest.fn(async (rut: string, _tenant: string) => (rut === '2-7' ? undefined : taxpayerRecord(rut)));
  const registry = new Registry();
  const service = new ContribuyenteService(
    { fetch } as TaxpayerSource,
    loadTaxSettings({ SIGNER_KEY: 'k', TAXPAYER_CACHE_TTL_SECONDS: ttl }),
    new TaxMetrics(registry),
  );
  return { service, fetch, registry };
}

describe('ContribuyenteService', () => {
  it('reads once per RUT, serves the cache afterwards and counts hits and misses', async () => {
    const { service, fetch, registry } = setup();
    const first = await service.lookup('1-9', '5-1');
    expect(first).toMatchObject({ cached: false, record: { razon_social: 'Empresa 1-9 SpA' } });
    expect(fetch).toHaveBeenCalledWith('1-9', '5-1');
    const second = await service.lookup('1-9', '6-K');
    expect(second).toMatchObject({ cached: true, fetchedAt: first.fetchedAt });
    expect(fetch).toHaveBeenCalledTimes(1);
    const text = await registry.metrics();
    expect(text).toContain('cache_lookups_total{cache="contribuyente",result="hit"} 1');
    expect(text).toContain('cache_lookups_total{cache="contribuyente",result="miss"} 1');
  });

  it('keeps a tenant’s own record apart from the third party’s record of the same RUT', async () => {
    const { service, fetch } = setup();
    await service.lookup('1-9', '5-1');
    expect((await service.lookup('1-9')).cached).toBe(false);
    expect(fetch).toHaveBeenLastCalledWith('1-9', '1-9');
    expect(await service.clear('1-9')).toBe(2);
  });

  it('shares one read between concurrent misses of a RUT', async () => {
    const { service, fetch } = setup();
    await Promise.all([service.lookup('1-9'), service.lookup('1-9'), service.lookup('1-9')]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('answers 404 taxpayer_not_found for an unknown RUT and does not cache it', async () => {
    const { service, fetch } = setup();
    await expect(service.lookup('2-7')).rejects.toMatchObject({ status: 404, error: 'taxpayer_not_found' });
    await expect(service.lookup('2-7')).rejects.toMatchObject({ status: 404 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('clear drops one RUT or everything; an expired entry is read again', async () => {
    const { service, fetch } = setup('1');
    await service.lookup('1-9');
    await service.lookup('3-5');
    expect(await service.clear('1-9')).toBe(1);
    expect(await service.clear()).toBe(1);
    await service.lookup('1-9');
    jest.useFakeTimers({ now: Date.now() + 1_500 });
    try {
      expect((await service.lookup('1-9')).cached).toBe(false);
    } finally {
      jest.useRealTimers();
    }
    expect(fetch).toHaveBeenCalledTimes(4);
  });
});
