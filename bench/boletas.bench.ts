// Boletas without the SII (issue 21): for each boleta, the DD, the TED's FRMT from the signing service, the check of
// that FRMT with the CAF key, the boleta built and its Documento signed by the signing service; then the boletas
// batched in EnvioBOLETA of up to 500, each envelope signed and validated against EnvioBOLETA_v11.xsd: the calls of
// apps/tax-gateway BoletaService and BoletaEnvios, with the gateway's SignerClient against the dev signer (a separate
// process, as in production). Target: >= 200 boletas/s. The signing service alone (the same signatures, replayed with
// the same concurrency in the same run) is reported beside it, with the pipeline's rate as a fraction of it.
// Exit 1 when missed, 3 when nothing was measured, 2 on a crash.
//
//   npm run bench:boletas -- [boletas=2000] [concurrency=8]   (BENCH_TINY=1: 40 boletas, 4 in flight, envíos of 16)
import 'reflect-metadata';
import { Registry } from 'prom-client';
import {
  DECLARACION_LATIN1,
  SII_RUT,
  buildBoleta,
  buildDd,
  buildEnvioBoleta,
  buildTed,
  ddInputFromBoleta,
  decodeXml,
  encodeLatin1,
  parseCaf,
  santiagoDate,
  santiagoTimestamp,
  validateXsd,
  verifyTedSignature,
} from '@lib/dte';
import { SiiFakeAuthority } from '@lib/sii-fake';
import { startDevSigner } from '@lib/testing';
import { TaxMetrics } from '../apps/tax-gateway/src/metrics/tax-metrics';
import { loadTaxSettings } from '../apps/tax-gateway/src/settings/tax-settings';
import { SignerClient } from '../apps/tax-gateway/src/signer/signer-client';
import { TINY, itemsPerSecond, machine, verdict } from './support';
import { boleta as boletaDePrueba } from '../libs/sii-fake/test/envio';

const [BOLETAS, CONCURRENCY, POR_ENVIO] = TINY ? [40, 4, 16] : [Number(process.argv[2] ?? 2000), Number(process.argv[3] ?? 8), 500];
const TARGET = 200;
/** Two IVA-included lines, as a shop's till would sell. */
const LINEAS = [
  { nombre: 'Café grano 1 kg', cantidad: 1, precio_unitario: 11_900 },
  { nombre: 'Pan amasado', cantidad: 6, precio_unitario: 250 },
];
const RUT = '76086428-5';

interface Firma {
  dd: Buffer;
  dte: Buffer;
  ref: string;
}

export async function main(): Promise<number> {
  const signer = await startDevSigner();
  try {
    const settings = loadTaxSettings({ SIGNER_URL: signer.url, SIGNER_KEY: signer.key, SIGNER_TIMEOUT_MS: '30000' });
    const client = new SignerClient(settings, new TaxMetrics(new Registry()));
    const cafXml = (
      await new SiiFakeAuthority().handle({
        method: 'POST',
        url: '/sim/caf',
        headers: { 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify({ rut: RUT, tipo_dte: 39, desde: 1, hasta: BOLETAS + 10 })),
      })
    ).body;
    const caf = parseCaf(cafXml);
    const cafId = await client.registerCaf(cafXml);
    const { holder_rut } = await client.certificate();
    const firmas: Firma[] = [];
    const envelopes: Buffer[] = [];

    const boleta = async (folio: number): Promise<string> => {
      const b = boletaDePrueba(folio, { emisor: { ...boletaDePrueba(folio).emisor, rut: RUT }, detalle: LINEAS });
      const tsted = santiagoTimestamp();
      const dd = buildDd(ddInputFromBoleta(b, caf.cafXml, tsted));
      const ddBytes = encodeLatin1(dd);
      const frmt = await client.signTed(cafId, ddBytes);
      if (!verifyTedSignature(dd, frmt, caf.rsapk)) throw new Error('FRMT does not verify');
      const dte = encodeLatin1(DECLARACION_LATIN1 + buildBoleta(b, buildTed(dd, frmt), tsted));
      const ref = `#F${folio}T39`;
      firmas.push({ dd: ddBytes, dte, ref });
      return decodeXml(await client.signXml(dte, ref));
    };
    const envio = async (signed: string[]) => {
      const xml = buildEnvioBoleta({
        caratula: {
          rutEmisor: RUT,
          rutEnvia: holder_rut,
          rutReceptor: SII_RUT,
          fchResol: '2014-08-22',
          nroResol: 0,
          tmstFirmaEnv: santiagoTimestamp(),
        },
        signedDtes: signed,
      });
      envelopes.push(encodeLatin1(xml));
      const firmado = await client.signXml(encodeLatin1(xml), '#SetDoc');
      const check = await validateXsd(firmado, 'EnvioBOLETA');
      if (!check.valid) throw new Error(`XSD: ${check.errors[0]}`);
    };

    await envio([await boleta(BOLETAS + 1)]); // warm-up: the XSD thread compiles its schema, connections open
    firmas.length = 0;
    envelopes.length = 0;
    const started = Date.now();
    let next = 1;
    let lote: string[] = [];
    const enviando: Promise<void>[] = [];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next <= BOLETAS) {
          lote.push(await boleta(next++));
          if (lote.length >= POR_ENVIO) {
            enviando.push(envio(lote));
            lote = [];
          }
        }
      }),
    );
    if (lote.length > 0) enviando.push(envio(lote));
    await Promise.all(enviando);
    const seconds = (Date.now() - started) / 1000;
    const rate = BOLETAS / seconds;
    const signerRate = await signerAlone(client, cafId, firmas, envelopes);
    console.log(`machine: ${machine()}`);
    console.log(
      `${BOLETAS} boletas in ${seconds.toFixed(1)} s with ${CONCURRENCY} in flight, ${envelopes.length} EnvioBOLETA: ` +
        `${rate.toFixed(0)} boletas/s`,
    );
    console.log(
      `signing service alone, the same ${firmas.length * 2 + envelopes.length} signatures with ${CONCURRENCY} in flight: ` +
        `${signerRate.toFixed(0)} boletas/s; the pipeline runs at ${((rate / signerRate) * 100).toFixed(0)} % of it`,
    );
    return verdict(firmas.length, [[`${rate.toFixed(0)} boletas/s (>= ${TARGET})`, rate >= TARGET]]);
  } finally {
    await signer.stop();
  }
}

/** Boletas per second the signer alone signs: each boleta's two calls in order, then the envelopes, with the same concurrency. */
async function signerAlone(client: SignerClient, cafId: string, firmas: Firma[], envelopes: Buffer[]): Promise<number> {
  const started = Date.now();
  await itemsPerSecond(firmas, CONCURRENCY, async (f) => {
    await client.signTed(cafId, f.dd);
    await client.signXml(f.dte, f.ref);
  });
  // The envelopes the pipeline signed, here without the signed boletas inside (so slightly cheaper than the pipeline's).
  for (const e of envelopes) await client.signXml(e, '#SetDoc');
  return firmas.length / ((Date.now() - started) / 1000);
}
