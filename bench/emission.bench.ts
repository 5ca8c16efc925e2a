// Emission pipeline without the SII (issue 12): for each document, the DD, the TED's FRMT from the signing service,
// the check of that FRMT with the CAF key, the Documento signed by the signing service, the EnvioDTE built and
// signed, and its validation against EnvioDTE_v10.xsd: the same calls as apps/tax-gateway EnvioBuilder, with the
// gateway's SignerClient against the dev signer (a separate process, as in production). Target: >= 100
// documents/s on this machine; the share of each step is reported, and the signing service alone (the same three
// signatures per document, replayed with the same concurrency in the same run) beside it, with the pipeline's rate
// as a fraction of the signer's. Exit 1 when missed, 3 when nothing was measured, 2 on a crash.
//
//   npm run bench:emission -- [documents=600] [concurrency=8]   (BENCH_TINY=1: 20 documents, 4 in flight)
import 'reflect-metadata';
import { Registry } from 'prom-client';
import {
  SII_RUT,
  buildDd,
  buildDte,
  buildEnvioDte,
  buildTed,
  ddInputFromDocumento,
  decodeXml,
  encodeLatin1,
  parseCaf,
  santiagoTimestamp,
  validateXsd,
  verifyTedSignature,
} from '@lib/dte';
import { SiiFakeAuthority } from '@lib/sii-fake';
import { startDevSigner } from '@lib/testing';
import { TaxMetrics } from '../apps/tax-gateway/src/metrics/tax-metrics';
import { loadTaxSettings } from '../apps/tax-gateway/src/settings/tax-settings';
import { SignerClient } from '../apps/tax-gateway/src/signer/signer-client';
import { sampleDocumento } from '../libs/dte/test/fixtures';
import { TINY, itemsPerSecond, machine, verdict } from './support';

const [DOCS, CONCURRENCY] = TINY ? [20, 4] : [Number(process.argv[2] ?? 600), Number(process.argv[3] ?? 8)];
const STEPS = ['dd', 'sign_ted', 'verify_ted', 'dte', 'sign_dte', 'envio', 'sign_envio', 'xsd'] as const;
type Step = (typeof STEPS)[number];

export async function main(): Promise<number> {
  const signer = await startDevSigner();
  try {
    const settings = loadTaxSettings({ SIGNER_URL: signer.url, SIGNER_KEY: signer.key, SIGNER_TIMEOUT_MS: '30000' });
    const client = new SignerClient(settings, new TaxMetrics(new Registry()));
    const authority = new SiiFakeAuthority();
    const rut = '76086428-5';
    const res = await authority.handle({
      method: 'POST',
      url: '/sim/caf',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ rut, tipo_dte: 33, desde: 1, hasta: DOCS + 10 })),
    });
    const cafXml = res.body;
    const caf = parseCaf(cafXml);
    const cafId = await client.registerCaf(cafXml);
    const { holder_rut } = await client.certificate();
    const spent: Record<Step, number> = Object.fromEntries(STEPS.map((s) => [s, 0])) as Record<Step, number>;
    const timed = async <T>(step: Step, fn: () => T | Promise<T>): Promise<T> => {
      const t = process.hrtime.bigint();
      try {
        return await fn();
      } finally {
        spent[step] += Number(process.hrtime.bigint() - t) / 1e6;
      }
    };
    /** The signer's three calls of each document, as sent, replayed alone afterwards. */
    const firmas: { cafId: string; dd: Buffer; dte: Buffer; dteRef: string; envio: Buffer }[] = [];
    let recording = false;
    const one = async (folio: number) => {
      const doc = sampleDocumento({
        folio,
        fecha_emision: new Date().toISOString().slice(0, 10),
        emisor: { ...sampleDocumento().emisor, rut },
      });
      const now = new Date();
      const dd = await timed('dd', () => buildDd(ddInputFromDocumento(doc, caf.cafXml, santiagoTimestamp(now))));
      const ddBytes = encodeLatin1(dd);
      const frmt = await timed('sign_ted', () => client.signTed(cafId, ddBytes));
      if (!(await timed('verify_ted', () => verifyTedSignature(dd, frmt, caf.rsapk)))) throw new Error('FRMT does not verify');
      const dte = await timed('dte', () => buildDte(doc, buildTed(dd, frmt), santiagoTimestamp(now)));
      const dteBytes = encodeLatin1(`<?xml version="1.0" encoding="ISO-8859-1"?>\n${dte}`);
      const signedDte = await timed('sign_dte', () => client.signXml(dteBytes, `#F${folio}T33`));
      const envio = await timed('envio', () =>
        buildEnvioDte({
          caratula: {
            rutEmisor: rut,
            rutEnvia: holder_rut,
            rutReceptor: SII_RUT,
            fchResol: '2014-08-22',
            nroResol: 0,
            tmstFirmaEnv: santiagoTimestamp(now),
          },
          signedDtes: [decodeXml(signedDte)],
        }),
      );
      const envioBytes = encodeLatin1(envio);
      const signedEnvio = await timed('sign_envio', () => client.signXml(envioBytes, '#SetDoc'));
      if (recording) firmas.push({ cafId, dd: ddBytes, dte: dteBytes, dteRef: `#F${folio}T33`, envio: envioBytes });
      const check = await timed('xsd', () => validateXsd(signedEnvio, 'EnvioDTE'));
      if (!check.valid) throw new Error(`XSD: ${check.errors[0]}`);
    };
    await one(DOCS + 1); // warm-up: the XSD thread compiles its schema, connections open
    for (const s of STEPS) spent[s] = 0;
    recording = true;
    let next = 1;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next <= DOCS) await one(next++);
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const rate = DOCS / seconds;
    const signerRate = await signerAlone(client, firmas);
    const total = STEPS.reduce((s, k) => s + spent[k], 0);
    console.log(`machine: ${machine()}`);
    console.log(`${DOCS} documents in ${seconds.toFixed(1)} s with ${CONCURRENCY} in flight: ${rate.toFixed(0)} documents/s`);
    for (const s of STEPS)
      console.log(`  ${s.padEnd(10)} ${((spent[s] / total) * 100).toFixed(1).padStart(5)} %  ${(spent[s] / DOCS).toFixed(2)} ms/doc`);
    console.log(
      `signing service alone, the same ${firmas.length * 3} signatures with ${CONCURRENCY} in flight: ${signerRate.toFixed(0)} documents/s; ` +
        `the pipeline runs at ${((rate / signerRate) * 100).toFixed(0)} % of it`,
    );
    return verdict(firmas.length, [[`${rate.toFixed(0)} documents/s (>= 100)`, rate >= 100]]);
  } finally {
    await signer.stop();
  }
}

/** Documents per second the signer alone signs: each document's three calls as the pipeline sent them, in order. */
function signerAlone(client: SignerClient, firmas: { cafId: string; dd: Buffer; dte: Buffer; dteRef: string; envio: Buffer }[]) {
  return itemsPerSecond(firmas, CONCURRENCY, async (f) => {
    await client.signTed(f.cafId, f.dd);
    await client.signXml(f.dte, f.dteRef);
    await client.signXml(f.envio, '#SetDoc');
  });
}
