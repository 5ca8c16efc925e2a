import { Logger } from '@nestjs/common';
import { Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import type { MetricsService } from '@lib/platform';
import { AuditoriaService } from './auditoria.service';
import { AuditoriaStore } from './auditoria.store';

const actor = { caller: 'admin', inputSha256: 'ab'.repeat(32) };
const event = { empresaId: null, accion: 'consultar_balance', entidad: 'reporte', resultado: 'validation_failed' };

function service(query: jest.Mock) {
  const registry = new Registry();
  const ds = { manager: { query } } as unknown as DataSource;
  return { svc: new AuditoriaService(new AuditoriaStore(ds), { registry } as MetricsService), registry };
}

describe('AuditoriaService.recordQuietly (an audit write that fails is not lost silently)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('retries a failed write once', async () => {
    const query = jest
      .fn()
      .mockRejectedValueOnce(Object.assign(new Error('connection reset'), { code: '08006' }))
      .mockResolvedValueOnce([]);
    const { svc, registry } = service(query);
    await svc.recordQuietly(actor, event);
    expect(query).toHaveBeenCalledTimes(2);
    expect(await registry.getSingleMetricAsString('audit_write_failures_total')).toMatch(/audit_write_failures_total 0/);
  });

  it('puts the whole record in an error log line and counts it when the retry fails too', async () => {
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const query = jest.fn().mockRejectedValue(Object.assign(new Error('disk full'), { code: '53100' }));
    const { svc, registry } = service(query);
    await expect(svc.recordQuietly(actor, event)).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith(
      {
        audit: expect.objectContaining({ ...event, caller: 'admin', input_sha256: actor.inputSha256, at: expect.any(String) }),
        sqlstate: '53100',
      },
      expect.stringContaining('audit record not written'),
    );
    expect(await registry.getSingleMetricAsString('audit_write_failures_total')).toMatch(/audit_write_failures_total 1/);
  });
});
