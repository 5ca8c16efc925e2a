/**
 * `npm run smoke` against a running stack: token, CAF, emitir 33 until EPR, intercambio to accounting's receptor (verified by the
 * gateway's reception), balance, registry lifecycle. Stops loudly at the first wrong answer (exit 1).
 */
import { isValidRut } from '@lib/rut';
import { call, check, SmokeFailure, step } from './smoke-client';
import { devKeys, stackUrls } from './stack-config';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const urls = stackUrls();
const keys = devKeys();
const TENANT = process.env.SMOKE_TENANT ?? '76086428-5';

/** Fresh per run, so reruns never collide with earlier empresas. */
function freshRut(): string {
  const body = 70_000_000 + (Math.floor(Date.now() / 1000) % 9_000_000);
  for (const dv of ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'K']) {
    if (isValidRut(`${body}-${dv}`)) return `${body}-${dv}`;
  }
  throw new Error('unreachable: every RUT body has a check digit');
}

async function gatewayPart(receptorRut: string) {
  const gw = urls.gateway;
  const admin = keys.admin;
  await step(`token for tenant ${TENANT}`, async () => {
    const { body } = await call('POST', `${gw}/tax/auth/token`, { key: admin, body: { tenant: TENANT } });
    check(body.tenant === TENANT && body.expires_at, `unexpected token answer ${JSON.stringify(body)}`);
  });
  await step('canonical taxpayer data (datos)', async () => {
    const { body } = await call('GET', `${gw}/tax/contribuyente/datos?tenant=${TENANT}`, { key: admin });
    check(body.rut === TENANT && typeof body.razon_social === 'string', `bad datos ${JSON.stringify(body)}`);
  });
  await step('issuer data (certification resolution: NroResol 0)', async () => {
    const body = { fecha_resolucion: '2014-08-22', numero_resolucion: 0 };
    const res = await call('PUT', `${gw}/tax/emisores/${TENANT}`, { key: admin, body, expect: 200 });
    check(res.body.tenant === TENANT, `bad emisor answer ${JSON.stringify(res.body)}`);
  });
  const desde = (Math.floor(Date.now() / 1000) % 900_000_000) * 10 + 1;
  const caf = await step(`CAF 33 folios ${desde}-${desde + 9} from the sim`, async () => {
    const res = await fetch(`${urls.sim}/sim/caf`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rut: TENANT, tipo_dte: 33, desde, hasta: desde + 9 }),
    });
    const body = Buffer.from(await res.arrayBuffer());
    check(res.status === 200 || res.status === 201, `sim answered ${res.status}: ${body.toString('latin1')}`);
    return body;
  });
  await step('upload the CAF to the gateway', async () => {
    const form = new FormData();
    form.set('tenant', TENANT);
    form.set('file', new Blob([caf], { type: 'application/xml' }), 'caf.xml');
    await call('POST', `${gw}/tax/caf/upload`, { key: admin, form, expect: [200, 201] });
  });
  const emision = await step('emitir factura 33', async () => {
    const { body } = await call<Json>('POST', `${gw}/tax/dte/emitir`, {
      key: admin,
      expect: 201,
      body: {
        tenant: TENANT,
        tipo_dte: 33,
        forma_pago: 1,
        receptor: {
          rut: receptorRut,
          razon_social: 'Receptor Smoke SpA',
          giro: 'Servicios informaticos',
          direccion: 'Av. Siempre Viva 742',
          comuna: 'Santiago',
        },
        detalle: [
          { nombre: 'Servicio de integracion', cantidad: 2, precio_unitario: 50_000 },
          { nombre: 'Soporte mensual', cantidad: 1, precio_unitario: 19_990 },
        ],
      },
    });
    check(body.tipo_dte === 33 && body.folio >= desde && body.trackid, `bad emission ${JSON.stringify(body)}`);
    check(
      body.montos?.neto === 119_990 && body.montos?.iva === 22_798 && body.montos?.total === 142_788,
      `totals ${JSON.stringify(body.montos)} are not neto 119990, iva 22798, total 142788`,
    );
    return body;
  });
  await step(`estado of trackid ${emision.trackid} until EPR`, async () => {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const { body } = await call<Json>('GET', `${gw}/tax/dte/estado?tenant=${TENANT}&trackid=${emision.trackid}`, { key: admin });
      if (body.estado === 'EPR') {
        const doc = body.documentos?.find((d: Json) => d.tipo_dte === 33);
        check(doc && doc.aceptados === 1 && doc.rechazados === 0, `EPR counts ${JSON.stringify(body)}`);
        return;
      }
      check(!['RSC', 'RFR', 'RCT', 'RPT', 'VOF'].includes(body.estado), `rejected: ${JSON.stringify(body)}`);
      if (Date.now() > deadline) throw new SmokeFailure(`still ${body.estado} after 90 s`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  });
  await step('get the emitted XML', async () => {
    const { body } = await call<Json>('GET', `${gw}/tax/dte/get/${emision.emision_id}`, { key: admin });
    const xml = Buffer.from(String(body.xml_base64 ?? ''), 'base64').toString('latin1');
    check(xml.includes('<EnvioDTE') && xml.includes(`<Folio>${emision.folio}</Folio>`), 'xml_base64 is not the EnvioDTE');
  });
  return step("get the receptor's intercambio EnvioDTE", async () => {
    const { raw } = await call('GET', `${gw}/tax/dte/${emision.emision_id}/intercambio`, { key: admin });
    check(raw.toString('latin1').includes('<RutReceptor>'), 'the intercambio answer is not an EnvioDTE');
    return raw.toString('base64');
  });
}

async function accountingPart(receptorRut: string, xmlBase64: string) {
  const acc = urls.accounting;
  const admin = keys.admin;
  const empresa = await step(`accounting empresa for receptor ${receptorRut}`, async () => {
    const { body } = await call<Json>('POST', `${acc}/contable/empresas`, {
      key: admin,
      expect: 201,
      body: { rut: receptorRut, regimen: 'pro_pyme_14d3' },
    });
    check(body.id && body.rut === receptorRut, `bad empresa ${JSON.stringify(body)}`);
    return body;
  });
  // Anyone who can write to the intercambio mailbox could send a forged copy first: it must not block the genuine one.
  await step('recibir-dte of a forged copy (one amount edited): refused', async () => {
    const forged = Buffer.from(xmlBase64, 'base64')
      .toString('latin1')
      .replace('<MntTotal>142788</MntTotal>', '<MntTotal>142789</MntTotal>');
    check(forged.includes('<MntTotal>142789</MntTotal>'), 'the envelope has no MntTotal 142788 to edit');
    const { body } = await call<Json>('POST', `${acc}/contable/recibir-dte`, {
      key: admin,
      expect: 422,
      body: { empresa_id: empresa.id, xml_base64: Buffer.from(forged, 'latin1').toString('base64') },
    });
    check(body.error === 'dte_rejected', `the forged copy answered ${JSON.stringify(body)}`);
  });
  await step('recibir-dte of the intercambio envelope (verified by the gateway)', async () => {
    await call('POST', `${acc}/contable/recibir-dte`, {
      key: admin,
      expect: [200, 201],
      body: { empresa_id: empresa.id, xml_base64: xmlBase64 },
    });
  });
  await step('balance sums agree', async () => {
    const periodo = new Date().toISOString().slice(0, 7);
    const { body } = await call<Json>('GET', `${acc}/contable/balance?empresa_id=${empresa.id}&periodo=${periodo}`, { key: admin });
    const t = body.totales ?? {};
    check(t.sumas_debe === t.sumas_haber && t.sumas_debe === 142_788, `totales ${JSON.stringify(t)}`);
    check(t.saldo_deudor === t.saldo_acreedor, `saldos differ: ${JSON.stringify(t)}`);
  });
  await emitFromAccounting(receptorRut);
}

async function emitFromAccounting(receptorRut: string) {
  const acc = urls.accounting;
  const admin = keys.admin;
  const emisor = await step(`accounting empresa for the issuer ${TENANT}`, async () => {
    const listed = await call<Json>('GET', `${acc}/contable/empresas?rut=${TENANT}`, { key: admin });
    const found = (listed.body.empresas ?? [])[0];
    if (found) return found;
    const { body } = await call<Json>('POST', `${acc}/contable/empresas`, {
      key: admin,
      expect: 201,
      body: { rut: TENANT, regimen: 'pro_pyme_14d3' },
    });
    return body;
  });
  await step('emit-dte from accounting through the gateway', async () => {
    const { body } = await call<Json>('POST', `${acc}/contable/emit-dte`, {
      key: admin,
      expect: 201,
      headers: { 'Idempotency-Key': `smoke-${Date.now().toString(36)}` },
      body: {
        empresa_id: emisor.id,
        tipo_dte: 33,
        forma_pago: 1,
        receptor: { rut: receptorRut, razon_social: 'Receptor Smoke SpA', giro: 'Servicios', direccion: 'Calle 1', comuna: 'Santiago' },
        detalle: [{ nombre: 'Asesoría', cantidad: 1, precio_unitario: 10_000 }],
      },
    });
    check(body.total === 11_900 && body.asiento_numero > 0, `emit-dte answered ${JSON.stringify(body)}`);
    const got = await call<Json>('GET', `${urls.gateway}/tax/dte/get/${body.emision_id}`, { key: admin });
    check(got.body.folio === body.folio && got.body.montos?.total === 11_900, `the gateway holds ${JSON.stringify(got.body.montos)}`);
  });
}

async function registryPart() {
  const reg = urls.registry;
  const admin = keys.admin;
  const auth = await registryAuthHeaders();
  const slug = `smoke-${Date.now().toString(36)}`;
  await step(`registry: create ${slug}`, async () => {
    const { body } = await call<Json>('POST', `${reg}/api/v1/services/`, {
      key: admin,
      expect: 201,
      headers: auth,
      body: { slug, name: 'Smoke service', tagline: 'Created by npm run smoke' },
    });
    check(body.marketplace_status === 'internal', `new service is ${body.marketplace_status}`);
  });
  await step('registry: listed under ?status=internal, hidden without it', async () => {
    const listed = await call<Json>('GET', `${reg}/api/v1/services/?status=internal`, { key: admin, headers: auth });
    check(JSON.stringify(listed.body).includes(slug), 'not listed with ?status=internal');
    const all = await call<Json>('GET', `${reg}/api/v1/services/`, { key: admin, headers: auth });
    check(!JSON.stringify(all.body).includes(slug), 'internal service listed without ?status=');
  });
  await step('registry: internal -> beta is 409 stage_skipped', async () => {
    const { body } = await call<Json>('PATCH', `${reg}/api/v1/services/${slug}`, {
      key: admin,
      expect: 409,
      headers: auth,
      body: { marketplace_status: 'beta' },
    });
    check(body.error === 'stage_skipped', `error is ${body.error}`);
  });
}

async function registryAuthHeaders(): Promise<Record<string, string>> {
  try {
    const res = await fetch(`${urls.devAuth}/token?role=superadmin&sub=smoke`);
    if (!res.ok) return {};
    return { authorization: `Bearer ${(await res.text()).trim()}` };
  } catch {
    return {};
  }
}

async function main() {
  console.log(`smoke against gateway ${urls.gateway}, accounting ${urls.accounting}, registry ${urls.registry}`);
  const receptorRut = freshRut();
  const xmlBase64 = await gatewayPart(receptorRut);
  await accountingPart(receptorRut, xmlBase64);
  await registryPart();
  console.log('\nsmoke passed');
}

main().catch((err) => {
  console.error(`\nSMOKE FAILED: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
