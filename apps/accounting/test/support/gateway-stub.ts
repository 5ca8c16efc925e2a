import { http, HttpResponse } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';

/** Base URL the test apps are given as TAX_GATEWAY_URL; msw answers for it. */
export const GATEWAY_URL = 'http://tax-gateway.test';

/** Stand-in taxpayers: generated companies (plus the receptor of the SII's own example). */
export const TAXPAYERS: Record<string, string> = {
  '77777777-7': 'EMPRESA LTDA',
  '76086428-5': 'Servicios Andes Maipo SpA',
  '76543210-3': 'Comercial Los Aromos Limitada',
  '78123456-7': 'Ferreteria El Roble SpA',
};

/** A RUT the stand-in gateway answers 404 for. */
export const UNKNOWN_RUT = '11111111-1';

export interface GatewayStub {
  server: SetupServer;
  /** Requests seen: RUT and the X-Internal-Key they carried. */
  calls: { rut: string; key: string | null }[];
  /** While true the gateway answers 503 upstream_unavailable. */
  down: boolean;
}

/**
 * The tax gateway's HTTP contract for `GET /tax/contribuyente/datos-rut/{rut}` (apps/tax-gateway
 * contribuyente controller): 200 canonical data, 404 `taxpayer_not_found`, 503 when the SII is down.
 * Requests to the app under test (loopback, supertest) pass through; anything else is an error.
 */
export function startGatewayStub(): GatewayStub {
  const stub: GatewayStub = { server: undefined as unknown as SetupServer, calls: [], down: false };
  stub.server = setupServer(
    http.get(`${GATEWAY_URL}/tax/contribuyente/datos-rut/:rut`, ({ request, params }) => {
      const rut = String(params.rut);
      stub.calls.push({ rut, key: request.headers.get('x-internal-key') });
      const problem = (status: number, error: string) =>
        HttpResponse.json(
          { type: `urn:problem-type:${error}`, status, error, detail: error },
          { status, headers: { 'content-type': 'application/problem+json' } },
        );
      if (stub.down) return problem(503, 'upstream_unavailable');
      const razon = TAXPAYERS[rut];
      if (!razon) return problem(404, 'taxpayer_not_found');
      return HttpResponse.json({
        rut,
        fetched_at: new Date().toISOString(),
        cached: false,
        razon_social: razon,
        direccion: 'Av. Ejemplo 123',
        comuna: 'Santiago',
        giros: [{ codigo: '620200', descripcion: 'CONSULTORIA INFORMATICA' }],
        representantes: [],
        estado: 'vigente',
      });
    }),
  );
  stub.server.listen({
    onUnhandledRequest(request, print) {
      const host = new URL(request.url).hostname;
      if (host !== '127.0.0.1' && host !== 'localhost' && host !== '::1') print.error();
    },
  });
  return stub;
}
