import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { closeTestApp } from '@lib/testing';
import { DataSource } from 'typeorm';
import { bootAccounting, client, createEmpresa } from '../../test/support/api';
import { startGatewayStub } from '../../test/support/gateway-stub';
import { BalanceReportService } from './balance.report';
import { OldBalanceReportService } from './balance-old-tmp';

it('old and new balance agree', async () => {
  const gw = startGatewayStub();
  const app: NestFastifyApplication = await bootAccounting();
  const api = client(app);
  const id = await createEmpresa(app, '76543210-3');
  for (const [codigo, nombre] of [['1.5', 'Inversiones'], ['1.5.1', 'Fondos'], ['1.5.1.2', 'Fondo A'], ['1.10', 'Otros activos'], ['1.9', 'Nueve'], ['2.4', 'Préstamos'], ['2.4.1', 'Banco X'], ['3.3', 'Reservas'], ['4.3', 'Otros'], ['4.3.1', 'Otros 1']]) {
    await api.post('/contable/plan-cuentas', { empresa_id: id, codigo, nombre }).expect(201);
  }
  const E: [string, [string, number, number][]][] = [
    ['2024-03-01', [['1.2', 10_000_000, 0], ['3.1', 0, 10_000_000]]],
    ['2024-05-01', [['1.5.1.2', 2_000_000, 0], ['1.2', 0, 2_000_000]]],
    ['2024-06-01', [['1.10', 300_000, 0], ['4.3.1', 0, 300_000]]],
    ['2024-07-01', [['1.9', 50_000, 0], ['2.4.1', 0, 50_000]]],
    ['2025-01-10', [['1.3', 1_190_000, 0], ['4.1', 0, 1_000_000], ['2.2', 0, 190_000]]],
    ['2025-02-10', [['5.2', 400_000, 0], ['1.5.1.2', 0, 400_000]]],
    ['2025-03-10', [['1.2', 1_000, 0], ['3.3', 0, 1_000]]],
    ['2025-04-10', [['2.4.1', 60_000, 0], ['1.9', 0, 60_000]]],
  ];
  for (const [fecha, lineas] of E) {
    await api.post('/contable/asientos', { empresa_id: id, fecha, glosa: 'x', lineas: lineas.map(([cuenta, debe, haber]) => ({ cuenta, debe, haber })) }).expect(201);
  }
  const ds = app.get(DataSource);
  const a = new BalanceReportService(ds);
  const b = new OldBalanceReportService(ds);
  for (const p of ['2023', '2024', '2024-06', '2025', '2025-02', '2025-04', '2026']) {
    const [x, y] = [await a.build(id, p), await b.build(id, p)];
    expect(JSON.stringify(x)).toBe(JSON.stringify(y));
    if (p === '2025') console.log(JSON.stringify(x.balance_general));
  }
  await closeTestApp(app);
  gw.server.close();
});
