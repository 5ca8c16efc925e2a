import { randomUUID } from 'node:crypto';
import { delay, http, HttpResponse } from 'msw';
import type { SetupServer } from 'msw/node';
import { GATEWAY_URL } from './gateway-stub';

interface EmitirBody {
  tenant: string;
  tipo_dte: number;
  fecha_emision?: string;
  receptor: { rut: string; razon_social: string };
  detalle: { cantidad: number; precio_unitario: number; exento?: boolean }[];
}

/** A canned failure of the stand-in gateway: HTTP status and problem body, or a dropped connection. */
export type EmitirFailure = { status: number; body: Record<string, unknown>; headers?: Record<string, string> } | 'network-error';

export interface EmitirStub {
  calls: { body: EmitirBody; key: string | null }[];
  /** Answers of the next calls, in order (then success again). */
  failures: EmitirFailure[];
  /** Delay of every answer, ms (to overlap concurrent requests). */
  delayMs: number;
}

/**
 * The tax gateway's HTTP contract for `POST /tax/dte/emitir` (docs/tax-gateway.md, apps/tax-gateway
 * DteController/EmisionService): 201 `{emision_id, tipo_dte, folio, estado: 'uploaded', trackid,
 * montos}` with correlative folios per (tenant, tipo) and the 19 % IVA rounded per line total; error
 * answers are RFC 9457 problems (`error`), an upload failure also carries `emision_id` and `folio`.
 * Installed on the file's msw server (see gateway-stub.ts).
 */
export function installEmitirStub(server: SetupServer): EmitirStub {
  const stub: EmitirStub = { calls: [], failures: [], delayMs: 0 };
  const folios = new Map<string, number>();
  server.use(
    http.post(`${GATEWAY_URL}/tax/dte/emitir`, async ({ request }) => {
      const body = (await request.json()) as EmitirBody;
      stub.calls.push({ body, key: request.headers.get('x-internal-key') });
      if (stub.delayMs > 0) await delay(stub.delayMs);
      const failure = stub.failures.shift();
      if (failure === 'network-error') return HttpResponse.error();
      if (failure) {
        return HttpResponse.json(
          { type: `urn:problem-type:${failure.body.error}`, status: failure.status, ...failure.body },
          {
            status: failure.status,
            headers: { 'content-type': 'application/problem+json', ...(failure.headers ?? {}) },
          },
        );
      }
      const key = `${body.tenant}/${body.tipo_dte}`;
      const folio = (folios.get(key) ?? 0) + 1;
      folios.set(key, folio);
      const line = (d: EmitirBody['detalle'][number]) => Math.round(d.cantidad * d.precio_unitario);
      const exempt = (d: EmitirBody['detalle'][number]) => body.tipo_dte === 34 || d.exento === true;
      const neto = body.detalle.filter((d) => !exempt(d)).reduce((s, d) => s + line(d), 0);
      const exento = body.detalle.filter(exempt).reduce((s, d) => s + line(d), 0);
      const iva = Math.round(neto * 0.19);
      return HttpResponse.json(
        {
          emision_id: randomUUID(),
          tipo_dte: body.tipo_dte,
          folio,
          estado: 'uploaded',
          trackid: String(1000 + folio),
          montos: { neto, exento, iva, total: neto + exento + iva },
        },
        { status: 201 },
      );
    }),
  );
  return stub;
}
