import { createHash, randomUUID } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import type {
  BoletaHonorariosView,
  DocumentoRcvView,
  MovimientoView,
  RcvLibroView,
  RecepcionDocumentoView,
  RecepcionEnvioView,
  VerificacionView,
} from '@lib/contracts';
import { parseDteDocuments, type ParsedDte } from '@lib/dte';

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
  /** Files handed to `POST /tax/recepcion/dte`: the tenant, the caller key and the sha256 of the bytes. */
  recepciones: { tenant: string; key: string | null; sha256: string }[];
  /** DTEs the stand-in reception rejects, by `emisor|tipo|folio`, with the failing check (e.g. ted_firma). */
  rechazar: Map<string, VerificacionView>;
  /** The register `GET /tax/rcv/libro` answers, by `tenant|periodo|tipo` (empty when unset); the queries seen. */
  rcv: Map<string, DocumentoRcvView[]>;
  rcvQueries: string[];
  /** The boletas de honorarios `GET /tax/honorarios/recibidas` answers, by `tenant|periodo` (empty when unset). */
  honorarios: Map<string, BoletaHonorariosView[]>;
  /** The stored bank movements `GET /banco/movimientos` pages through, by tenant. */
  movimientos: Map<string, MovimientoView[]>;
  /** The declared F29s the carpeta (`POST /tax/scrape/carpeta/json`) lists, by tenant. */
  f29: Map<string, { periodo: string; declarada: boolean; formulario: string | null; campos: Record<string, string> | null }[]>;
}

/**
 * The tax gateway's HTTP contract for `GET /tax/contribuyente/datos-rut/{rut}` (apps/tax-gateway
 * contribuyente controller): 200 canonical data, 404 `taxpayer_not_found`, 503 when the SII is down.
 * Requests to the app under test (loopback, supertest) pass through; anything else is an error.
 */
export function startGatewayStub(): GatewayStub {
  const stub: GatewayStub = {
    server: undefined as unknown as SetupServer,
    calls: [],
    down: false,
    recepciones: [],
    rechazar: new Map(),
    rcv: new Map(),
    rcvQueries: [],
    honorarios: new Map(),
    movimientos: new Map(),
    f29: new Map(),
  };
  stub.server = setupServer(
    http.post(`${GATEWAY_URL}/tax/scrape/carpeta/json`, async ({ request }) => {
      const { tenant } = (await request.json()) as { tenant: string };
      if (stub.down) {
        return HttpResponse.json(
          { type: 'urn:problem-type:portal_unavailable', status: 503, error: 'portal_unavailable', detail: 'down' },
          { status: 503, headers: { 'content-type': 'application/problem+json' } },
        );
      }
      return HttpResponse.json({
        encabezado: { rut: tenant },
        declaraciones_iva: stub.f29.get(tenant) ?? [],
        scraped_at: new Date().toISOString(),
      });
    }),
    http.get(`${GATEWAY_URL}/banco/movimientos`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      const [desde, hasta] = [q.get('desde') ?? '0000', q.get('hasta') ?? '9999'];
      const [limit, offset] = [Number(q.get('limit') ?? 50), Number(q.get('offset') ?? 0)];
      const todos = (stub.movimientos.get(q.get('tenant') ?? '') ?? []).filter((m) => m.fecha >= desde && m.fecha <= hasta);
      return HttpResponse.json({ items: todos.slice(offset, offset + limit), total: todos.length, limit, offset });
    }),
    http.get(`${GATEWAY_URL}/tax/honorarios/recibidas`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      const [tenant, periodo] = [q.get('tenant') ?? '', q.get('periodo') ?? ''];
      if (stub.down) {
        return HttpResponse.json(
          { type: 'urn:problem-type:portal_unavailable', status: 503, error: 'portal_unavailable', detail: 'down' },
          { status: 503, headers: { 'content-type': 'application/problem+json' } },
        );
      }
      const boletas = stub.honorarios.get(`${tenant}|${periodo}`) ?? [];
      return HttpResponse.json({ tenant, periodo, consultado_at: new Date().toISOString(), boletas });
    }),
    http.get(`${GATEWAY_URL}/tax/rcv/libro`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      const [tenant, periodo, tipo] = [q.get('tenant') ?? '', q.get('periodo') ?? '', q.get('tipo') ?? ''];
      stub.rcvQueries.push(`${tenant}|${periodo}|${tipo}`);
      if (stub.down) {
        return HttpResponse.json(
          { type: 'urn:problem-type:sii_unavailable', status: 503, error: 'sii_unavailable', detail: 'down' },
          { status: 503, headers: { 'content-type': 'application/problem+json' } },
        );
      }
      const documentos = stub.rcv.get(`${tenant}|${periodo}|${tipo}`) ?? [];
      const resumen = { coincide: 0, solo_sii: documentos.length, solo_gateway: 0, difiere: 0 };
      const libro: RcvLibroView = { tenant, periodo, tipo, consultado_at: new Date().toISOString(), resumen, documentos };
      return HttpResponse.json(libro);
    }),
    http.post(`${GATEWAY_URL}/tax/recepcion/dte`, async ({ request }) => {
      const body = (await request.json()) as { tenant: string; xml_base64: string; nombre_archivo?: string };
      const bytes = Buffer.from(body.xml_base64, 'base64');
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      stub.recepciones.push({ tenant: body.tenant, key: request.headers.get('x-internal-key'), sha256 });
      if (stub.down) {
        return HttpResponse.json(
          { type: 'urn:problem-type:sii_unavailable', status: 503, error: 'sii_unavailable', detail: 'down' },
          { status: 503, headers: { 'content-type': 'application/problem+json' } },
        );
      }
      return HttpResponse.json(recepcionAnswer(stub, body.tenant, bytes, sha256, body.nombre_archivo), { status: 201 });
    }),
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

/**
 * The gateway's reception answer (@lib/contracts RecepcionEnvioView) as the stand-in gives it: a DTE is
 * `recibido` unless its receptor is not the tenant (check `receptor`, EstadoRecepDTE 3) or the test listed
 * it in `stub.rechazar`. The real checks (signatures, TED, CAF, totals) are the gateway's and tested there.
 */
function recepcionAnswer(stub: GatewayStub, tenant: string, bytes: Buffer, sha256: string, nombre?: string): RecepcionEnvioView {
  const envioId = randomUUID();
  const documentos = parseDteDocuments(bytes).map((d): RecepcionDocumentoView => {
    const failed =
      d.receptor.rut !== tenant
        ? { verificacion: 'receptor', ok: false, detalle: `RUTRecep ${d.receptor.rut} is not ${tenant}` }
        : stub.rechazar.get(`${d.emisor.rut}|${d.tipo_dte}|${d.folio}`);
    return documento(d, tenant, envioId, failed);
  });
  return {
    envio_id: envioId,
    tenant,
    nombre_archivo: nombre ?? 'EnvioDTE.xml',
    sha256,
    estado_envio: 0,
    glosa: 'Envio Recibido Conforme',
    duplicado: false,
    verificaciones: [{ verificacion: 'xsd', ok: true }],
    documentos,
    respuesta: {
      respuesta_id: randomUUID(),
      tipo: 'RecepcionEnvio',
      numero: 1,
      sha256: '0'.repeat(64),
      xml_base64: '',
      created_at: new Date().toISOString(),
    },
    correo_intercambio: null,
  };
}

function documento(d: ParsedDte, tenant: string, envioId: string, failed: VerificacionView | undefined): RecepcionDocumentoView {
  return {
    recepcion_id: randomUUID(),
    tenant,
    envio_id: envioId,
    rut_emisor: d.emisor.rut,
    razon_social_emisor: d.emisor.razon_social,
    correo_intercambio: null,
    tipo_dte: d.tipo_dte,
    folio: d.folio,
    fecha_emision: d.fecha_emision,
    rut_receptor: d.receptor.rut,
    montos: { neto: d.montos.neto, exento: d.montos.exento, iva: d.montos.iva, total: d.montos.total },
    estado: failed ? 'rechazado' : 'recibido',
    estado_recepcion: failed ? (failed.verificacion === 'receptor' ? 3 : 1) : 0,
    glosa: failed ? `DTE No Recibido - ${failed.detalle ?? failed.verificacion}` : 'DTE Recibido OK',
    estado_comercial: null,
    created_at: new Date().toISOString(),
    duplicado: false,
    verificaciones: [{ verificacion: 'xsd', ok: true }, ...(failed ? [{ ...failed, ok: false }] : [])],
  };
}
