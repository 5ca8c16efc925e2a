import request from 'supertest';
import { DataSource } from 'typeorm';
import { dteReales, type ArchivoReal } from '@lib/testing';
import { KEY, Gateway, startGateway } from './support/harness';
import { ENVELOPE_SIGNATURE, xmllint, xmlsecVerifyEmbedded } from './support/independent-checks';

// Real DTEs and EnvioDTEs other issuers' software produced (libs/testing/fixtures/dte-reales, README for origins), through
// the gateway's reception and through xmllint and xmlsec1: the verdicts on schema and signatures are the same, and so
// is the form of the document that verified. The forms are built here with plain string edits, not with the
// gateway's code, on the file's own bytes (latin1 keeps every byte as one character).

const NS = 'http://www.sii.cl/SiiDte';
/** DTEType of SiiTypes_v10.xsd: what a RespuestaEnvioDTE can answer. Export documents (110-112) go to foreign buyers. */
const INTERCAMBIO = [33, 34, 46, 52, 56, 61];
const DTE_SIGNATURE = "/*[local-name()='DTE']/*[local-name()='Signature']";

type Forma = 'recibido' | 'extraido' | 'con_namespace';
interface Check {
  verificacion: string;
  ok: boolean;
  forma?: Forma;
  detalle?: string;
}
interface DocumentoVisto {
  rut_emisor: string;
  tipo_dte: number;
  folio: number;
  estado_recepcion: number;
  duplicado: boolean;
  verificaciones: Check[];
}

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const declaration = (text: string) => /^\s*<\?xml[^?]*\?>/.exec(text)?.[0] ?? '';
const rootDeclaresNs = (text: string) => /^(?:\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*<[^\s>]+[^>]*\sxmlns\s*=/.test(text);
const withNs = (text: string) =>
  rootDeclaresNs(text) ? text : text.replace(/^((?:\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*<[^\s>/]+)/, `$1 xmlns="${NS}"`);

/** xmllint on the file with the SII namespace set on its root and without DocPersonalizado. */
async function xmllintVerdict(a: ArchivoReal): Promise<boolean> {
  const text = withNs(a.bytes.toString('latin1')).replace(/<DocPersonalizado[\s>][\s\S]*?<\/DocPersonalizado>/g, '');
  return (await xmllint(latin1(text), a.root === 'EnvioDTE' ? 'EnvioDTE_v10.xsd' : 'DTE_v10.xsd')).code === 0;
}

/** The first form of the k-th DTE whose Documento signature xmlsec1 verifies, in the gateway's order; undefined when none. */
async function xmlsecForma(a: ArchivoReal, k: number): Promise<Forma | undefined> {
  const text = a.bytes.toString('latin1');
  const dte = [...text.matchAll(/<DTE[\s>][\s\S]*?<\/DTE>/g)][k][0];
  const forms: [Forma, Buffer, string][] = [['recibido', a.bytes, `(//*[local-name()='DTE'])[${k + 1}]/*[local-name()='Signature']`]];
  if (a.root === 'EnvioDTE') forms.push(['extraido', latin1(declaration(text) + dte), DTE_SIGNATURE]);
  if (!rootDeclaresNs(dte)) forms.push(['con_namespace', latin1(declaration(text) + withNs(dte)), DTE_SIGNATURE]);
  for (const [forma, bytes, xpath] of forms) if ((await xmlsecVerify(bytes, xpath)) === true) return forma;
  return undefined;
}

const xmlsecVerify = async (bytes: Buffer, xpath: string) => (await xmlsecVerifyEmbedded(bytes, xpath)).code === 0;
const check = (checks: Check[], name: string) => checks.find((c) => c.verificacion === name);

describe('reception of real documents (e2e): the gateway judges schema and signatures as xmllint and xmlsec1 do', () => {
  let gw: Gateway;
  const corpus = dteReales();

  beforeAll(async () => {
    gw = await startGateway({ env: { THROTTLE_ENABLED: 'false' } });
  }, 120_000);

  afterAll(async () => {
    await gw?.close();
  });

  it('holds at least 20 files from at least 5 sources, with the shapes real issuers send', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(20);
    expect(new Set(corpus.map((a) => a.origin.repo.split('/')[0])).size).toBeGreaterThanOrEqual(5);
    const features = new Set(corpus.flatMap((a) => a.features));
    for (const f of ['no-namespace', 'windows-1252', 'comments', 'DocPersonalizado', 'envelope', 'additional-taxes'])
      expect(features).toContain(f);
    const tipos = new Set(corpus.flatMap((a) => a.documentos.map((d) => d.tipo_dte)));
    for (const t of [33, 34, 61]) expect(tipos).toContain(t);
  });

  it.each(dteReales().map((a) => [a.file, a] as const))('%s', async (_file, a) => {
    const tenant = a.documentos[0].rut_receptor;
    const res = await request(gw.http)
      .post('/tax/recepcion/dte')
      .set('X-Internal-Key', KEY)
      .send({ tenant, xml_base64: a.bytes.toString('base64'), nombre_archivo: a.file });
    if (a.documentos.some((d) => !INTERCAMBIO.includes(d.tipo_dte))) {
      expect([res.status, res.body.error, a.recepcion_esperada.estado]).toEqual([422, 'tipo_dte_unsupported', 'tipo_no_recibible']);
      return;
    }
    expect([res.status, res.body.error]).toEqual([201, undefined]);
    const envio: Check[] = res.body.verificaciones;
    expect([a.file, 'xsd', check(envio, 'xsd')?.ok]).toEqual([a.file, 'xsd', await xmllintVerdict(a)]);
    if (a.root === 'EnvioDTE') {
      const firmaEnvio = await xmlsecVerify(a.bytes, ENVELOPE_SIGNATURE);
      expect([a.file, 'firma_envio', check(envio, 'firma_envio')?.ok]).toEqual([a.file, 'firma_envio', firmaEnvio]);
    }
    const vistos: DocumentoVisto[] = res.body.documentos;
    // Recorded as received (0), or as the repetition of a document received before (4), exactly when the corpus says so.
    const recibidos = vistos.every((v) => v.estado_recepcion === 0 || (v.duplicado && v.estado_recepcion === 4));
    expect([a.file, recibidos]).toEqual([a.file, a.recepcion_esperada.estado === 'recibido']);
    for (const [k, d] of a.documentos.entries()) {
      const visto = vistos.find((v) => v.rut_emisor === d.rut_emisor && v.tipo_dte === d.tipo_dte && v.folio === d.folio);
      expect([a.file, d.folio, visto !== undefined]).toEqual([a.file, d.folio, true]);
      if (!visto || visto.duplicado) continue;
      const firma = check(visto.verificaciones, 'firma_documento');
      const forma = await xmlsecForma(a, k);
      expect([a.file, d.folio, firma?.ok, firma?.ok ? firma.forma : undefined]).toEqual([a.file, d.folio, forma !== undefined, forma]);
    }
  });

  it('keeps what Totales say beyond the four amounts: the additional taxes of every document, received or not', async () => {
    const conImpuestos = corpus.flatMap((a) => a.documentos.filter((d) => d.totales.ImptoReten !== undefined));
    expect(conImpuestos.length).toBeGreaterThanOrEqual(2);
    for (const d of conImpuestos) {
      const [row] = await gw.app
        .get(DataSource)
        .query('SELECT montos_detalle FROM recepcion WHERE rut_emisor = $1 AND tipo_dte = $2 AND folio = $3', [
          d.rut_emisor,
          d.tipo_dte,
          d.folio,
        ]);
      const esperados = (d.totales.ImptoReten as { TipoImp: number; TasaImp: number; MontoImp: number }[]).map((i) => ({
        codigo: i.TipoImp,
        tasa: i.TasaImp,
        monto: i.MontoImp,
      }));
      expect(row.montos_detalle).toMatchObject({ impuestos_adicionales: esperados, credito_empresas_constructoras: 0, comisiones: null });
    }
  });
});
