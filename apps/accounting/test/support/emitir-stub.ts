import { randomUUID } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import type { SetupServer } from 'msw/node';
import type { EmisionDetailView, EmitirDto, EmitirView } from '@lib/contracts';
import { computeTotals } from '@lib/dte';
import { GATEWAY_URL } from './gateway-stub';

/** A canned failure of the stand-in gateway: HTTP status and problem body, or a dropped connection. */
export type EmitirFailure = { status: number; body: Record<string, unknown>; headers?: Record<string, string> } | 'network-error';

/** Holds the next emitir call until released: `arrived` resolves when it reaches the stand-in. */
export interface EmitirGate {
  arrived: Promise<void>;
  release(): void;
}

export interface EmitirStub {
  calls: { body: EmitirDto; key: string | null }[];
  /** Answers of the next calls, in order (then success again). */
  failures: EmitirFailure[];
  /** Holds the next call until the test releases it (explicit signals instead of delays). */
  hold(): EmitirGate;
  /** What `GET /tax/dte/get/{emision_id}` answers per emission (unknown ids: 404). */
  detalles: Map<string, Pick<EmisionDetailView, 'estado' | 'glosa' | 'trackid' | 'resultado'>>;
}

/**
 * The tax gateway's `POST /tax/dte/emitir` (@lib/contracts EmitirDto in, EmitirView out): 201
 * with correlative folios per (tenant, tipo) and the totals of @lib/dte `computeTotals`, the gateway's
 * own rule; error answers are RFC 9457 problems (`error`), an upload failure also carries `emision_id`
 * and `folio`. Installed on the file's msw server (see gateway-stub.ts).
 */
export function installEmitirStub(server: SetupServer): EmitirStub {
  let gate: { arrive(): void; released: Promise<void> } | undefined;
  const stub: EmitirStub = {
    calls: [],
    failures: [],
    detalles: new Map(),
    hold() {
      let arrive!: () => void;
      let release!: () => void;
      const arrived = new Promise<void>((r) => (arrive = r));
      gate = { arrive, released: new Promise<void>((r) => (release = r)) };
      return { arrived, release };
    },
  };
  const folios = new Map<string, number>();
  server.use(
    http.get(`${GATEWAY_URL}/tax/dte/get/:id`, ({ params }) => {
      const detalle = stub.detalles.get(String(params.id));
      return detalle
        ? HttpResponse.json({ emision_id: params.id, ...detalle })
        : HttpResponse.json({ status: 404, error: 'emission_not_found' }, { status: 404 });
    }),
    http.post(`${GATEWAY_URL}/tax/dte/emitir`, async ({ request }) => {
      const body = (await request.json()) as EmitirDto;
      stub.calls.push({ body, key: request.headers.get('x-internal-key') });
      const held = gate;
      gate = undefined;
      if (held) {
        held.arrive();
        await held.released;
      }
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
      const { neto, exento, iva, total, descuentos, recargos, impuestos_adicionales } = computeTotals(
        body.tipo_dte,
        body.detalle,
        body.descuentos_recargos ?? [],
      );
      const answer: EmitirView = {
        emision_id: randomUUID(),
        tipo_dte: body.tipo_dte,
        folio,
        estado: 'uploaded',
        trackid: String(1000 + folio),
        montos: { neto, exento, iva, total, descuentos, recargos, impuestos_adicionales },
        receptor: { rut: body.receptor.rut, razon_social: body.receptor.razon_social, razon_social_fuente: 'solicitud' },
      };
      return HttpResponse.json(answer, { status: 201 });
    }),
  );
  return stub;
}

/** Issues a factura 33 of one line through accounting's POST /contable/emit-dte (the stub above answers it); its documento. */
export async function emitirFactura(
  api: { post: (path: string, body?: object) => import('supertest').Test },
  empresaId: string,
  o: { fecha: string; precio: number; receptor?: { rut: string; razon_social: string } },
): Promise<{ id: string; folio: number }> {
  const receptor = {
    rut: '76543210-3',
    razon_social: 'Comercial Los Aromos Limitada',
    ...o.receptor,
    giro: 'Comercio',
    direccion: 'Av. 1',
    comuna: 'Santiago',
  };
  const res = await api
    .post('/contable/emit-dte', {
      empresa_id: empresaId,
      tipo_dte: 33,
      forma_pago: 1,
      fecha_emision: o.fecha,
      receptor,
      detalle: [{ nombre: 'Servicio', cantidad: 1, precio_unitario: o.precio }],
    })
    .expect(201);
  return res.body;
}
