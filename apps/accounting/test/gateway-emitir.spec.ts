import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import { problemFromGateway } from '../src/gateway/emitir.types';
import { GatewayClient } from '../src/gateway/gateway.client';

// GatewayClient.emit without msw: real sockets, to tell "nothing was sent" from "no answer".
const body = {
  tenant: '76086428-5',
  tipo_dte: 33 as const,
  forma_pago: 1 as const,
  receptor: { rut: '76543210-3', razon_social: 'R', giro: 'G', direccion: 'D', comuna: 'C' },
  detalle: [{ nombre: 'x', cantidad: 1, precio_unitario: 1 }],
};

describe('GatewayClient.emit failures', () => {
  let silent: Server;
  beforeAll(async () => {
    Logger.overrideLogger(false);
    silent = createServer(() => undefined); // accepts the request and never answers
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise((r) => silent.close(r));
  });

  it('connection refused: 503 and certainly not emitted (the key may be released)', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const r = await new GatewayClient({ url: `http://127.0.0.1:${closedPort}`, key: 'k', timeoutMs: 2000 }).emit(body);
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.problem.getStatus(), r.problem.error, r.mayHaveEmitted]).toEqual([503, 'gateway_unavailable', false]);
  });

  it('no answer within the timeout: 504 and maybe emitted (the key keeps the failure)', async () => {
    const port = (silent.address() as AddressInfo).port;
    const r = await new GatewayClient({ url: `http://127.0.0.1:${port}`, key: 'k', timeoutMs: 200 }).emit(body);
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.problem.getStatus(), r.problem.error, r.mayHaveEmitted]).toEqual([504, 'gateway_unavailable', true]);
  });
});

describe('problemFromGateway', () => {
  it('keeps a 4xx with its error, detail, errors[] and the upload members', () => {
    const p = problemFromGateway(
      422,
      { error: 'referencias_required', detail: 'need refs', errors: [{ field: 'referencias', message: 'm' }] },
      null,
    );
    expect([p.getStatus(), p.error]).toEqual([422, 'referencias_required']);
    expect(p.getProblem()).toMatchObject({ detail: 'Tax gateway: need refs', errors: [{ field: 'referencias', message: 'm' }] });
  });

  it('maps 5xx to 502/503/504, our key refused to 502, and a body without error to gateway_error', () => {
    const members = problemFromGateway(502, { error: 'sii_rejected', emision_id: 'e', folio: 3, sii_status: 7 }, null);
    expect(members.getProblem()).toMatchObject({ status: 502, error: 'sii_rejected', emision_id: 'e', folio: 3, sii_status: 7 });
    expect(problemFromGateway(503, { error: 'signer_unavailable' }, '20').headers).toEqual({ 'Retry-After': '20' });
    expect(problemFromGateway(500, 'html', null).getProblem()).toMatchObject({ status: 502, error: 'gateway_error' });
    expect(problemFromGateway(403, {}, null).error).toBe('gateway_auth_failed');
  });
});
