import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { parseCaf, type Caf } from '@lib/dte';
import { normalizeRut } from '@lib/rut';
import { closeTestApp, createTestApp } from '@lib/testing';
import { AppModule } from '../../src/app.module';
import { appOptions } from '../../src/config';
import { BASE_SKIP, ENV, FINAL, KEY, MINUTE, check, expectStatus, sleep } from './sii-integration';

/**
 * The gateway of test/sii-integration.e2e-spec.ts against the real SII (docs/tax-gateway.md "Going live in
 * certification"), started in the calling describe's beforeAll, and the steps its tests share, each done once per run:
 * the list download, the CAF upload, the reception of a supplier's file.
 */
export function integrationRun() {
  const tenant = BASE_SKIP ? '' : normalizeRut(ENV.SII_INTEGRATION_TENANT);
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createTestApp(
      AppModule,
      {
        TAX_ENV: 'cert',
        SIGNER_URL: ENV.SIGNER_URL,
        SIGNER_KEY: ENV.SIGNER_KEY,
        // The real SII: every base URL at its default, whatever the shell has (a launcher's sim settings must not leak in).
        SII_DTE_BASE_URL: undefined,
        SII_RECLAMO_BASE_URL: undefined,
        SII_RCV_BASE_URL: undefined,
        SII_PORTAL_BASE_URL: undefined,
        SII_TRUST_SIM_CAF: undefined,
        SII_SIM_CAF_CERT: undefined,
        // Only the tests call the SII: no list download at boot, no reconciler behind their back.
        CONTRIBUYENTES_REFRESH_HOURS: '0',
        RECONCILER_INTERVAL_SECONDS: '0',
        DATABASE_URL: ENV.SII_INTEGRATION_DATABASE_URL?.trim() || undefined,
      },
      appOptions,
    );
  }, 2 * MINUTE);

  afterAll(async () => {
    if (app) await closeTestApp(app);
  });

  const http = () => request(app.getHttpServer());
  const get = (path: string, query: Record<string, string> = {}) => http().get(path).query(query).set('X-Internal-Key', KEY);
  const post = (path: string, body: object = {}) => http().post(path).set('X-Internal-Key', KEY).send(body);
  const put = (path: string, body: object) => http().put(path).set('X-Internal-Key', KEY).send(body);

  /** Sum of the series of `metric` whose labels match (a label given as a list matches any of its values). */
  async function counted(metric: string, labels: Record<string, string | string[]>): Promise<number> {
    const res = expectStatus(await get('/metrics'), 200);
    let sum = 0;
    for (const line of res.text.split('\n')) {
      const m = /^(\w+)\{([^}]*)\}\s+(\S+)$/.exec(line);
      if (!m || m[1] !== metric) continue;
      const have = Object.fromEntries([...m[2].matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
      if (Object.entries(labels).every(([k, v]) => (Array.isArray(v) ? v : [v]).includes(have[k]))) sum += Number(m[3]);
    }
    return sum;
  }

  /** Calls of one SII operation with these outcomes so far (`sii_requests_total`, labelled by the gateway's clients). */
  const siiCalls = (operation: string, outcomes: string[] = ['ok']) => counted('sii_requests_total', { operation, outcome: outcomes });

  /** Polls QueryEstUp through GET /tax/dte/estado until a final estado. */
  async function estadoFinal(trackid: string, withinMs: number): Promise<{ estado: string; glosa: string }> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const res = expectStatus(await get('/tax/dte/estado', { tenant, trackid }), 200);
      if (FINAL.has(res.body.estado)) return res.body;
      check(Date.now() < deadline, `the envío ${trackid} is still ${res.body.estado} after ${withinMs / MINUTE} min`);
      await sleep(15_000);
    }
  }

  // Shared steps, each done once per run.
  let lista: Promise<{ body: { ambiente: string; descargado_en: string; filas: number }; llamadas: number }> | undefined;
  let caf: Promise<{ caf: Caf; caf_id: string }> | undefined;
  let recepcion: Promise<string> | undefined;

  /** POST /tax/contribuyente/autorizados/refresh (once): maullin's ce_empresas_dwnld in the certificate session. */
  function descargarLista() {
    lista ??= (async () => {
      const before = await siiCalls('contribuyentesAutorizados');
      const res = expectStatus(await post('/tax/contribuyente/autorizados/refresh'), 200);
      return { body: res.body, llamadas: (await siiCalls('contribuyentesAutorizados')) - before };
    })();
    return lista;
  }

  /** POST /tax/caf/upload of SII_INTEGRATION_CAF_FILE (once); a database kept between runs already has it (409). */
  function cafSubido() {
    caf ??= (async () => {
      const file = ENV.SII_INTEGRATION_CAF_FILE as string;
      const bytes = readFileSync(file);
      const parsed = parseCaf(bytes);
      check(parsed.td === 33, `SII_INTEGRATION_CAF_FILE is a CAF of type ${parsed.td}; these tests emit a factura 33`);
      check(parsed.idk === 100, `SII_INTEGRATION_CAF_FILE has IDK ${parsed.idk}, not maullin's (100)`);
      check(normalizeRut(parsed.re) === tenant, `SII_INTEGRATION_CAF_FILE belongs to ${parsed.re}, not to ${tenant}`);
      const res = expectStatus(
        await http().post('/tax/caf/upload').set('X-Internal-Key', KEY).field('tenant', tenant).attach('file', bytes, basename(file)),
        201,
        409,
      );
      if (res.status === 201) {
        expect(res.body).toMatchObject({ tenant, tipo_dte: 33, desde: parsed.desde, hasta: parsed.hasta, vigente: true });
        return { caf: parsed, caf_id: res.body.caf_id as string };
      }
      check(res.body.error === 'caf_overlap', `CAF upload answered 409 ${res.body.error}`);
      const status = expectStatus(await get('/tax/caf/status', { tenant }), 200);
      const cafs = (status.body.tipos as { cafs: { caf_id: string; tipo_dte: number; desde: number; hasta: number }[] }[]).flatMap(
        (t) => t.cafs,
      );
      const stored = cafs.find((c) => c.tipo_dte === 33 && c.desde === parsed.desde && c.hasta === parsed.hasta);
      check(stored, `the CAF ${parsed.desde}-${parsed.hasta} overlaps another stored CAF of type 33`);
      return { caf: parsed, caf_id: stored.caf_id };
    })();
    return caf;
  }

  /** POST /tax/recepcion/dte of SII_INTEGRATION_RECEPCION_FILE (once): the recepcion_id of its first 33, 34 or 43. */
  function recepcionId() {
    recepcion ??= (async () => {
      const file = ENV.SII_INTEGRATION_RECEPCION_FILE as string;
      const xml = readFileSync(file);
      const res = expectStatus(
        await post('/tax/recepcion/dte', { tenant, xml_base64: xml.toString('base64'), nombre_archivo: basename(file) }),
        200,
        201,
      );
      const docs = res.body.documentos as { recepcion_id: string; tipo_dte: number }[];
      const doc = docs.find((d) => [33, 34, 43].includes(d.tipo_dte));
      check(doc, `SII_INTEGRATION_RECEPCION_FILE has no DTE of type 33, 34 or 43 (${docs.map((d) => d.tipo_dte).join(', ')})`);
      return doc.recepcion_id;
    })();
    return recepcion;
  }

  return {
    tenant,
    app: () => app,
    http,
    get,
    post,
    put,
    counted,
    siiCalls,
    estadoFinal,
    descargarLista,
    cafSubido,
    recepcionId,
  };
}
