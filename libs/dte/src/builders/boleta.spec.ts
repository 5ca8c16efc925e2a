import { execFileSync } from 'node:child_process';
import { createPublicKey, verify } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCaf, generateSigner, sampleDocumento, signDd, signXml, type GeneratedCaf } from '../../test/fixtures';
import { dteAssetsDir } from '../assets';
import { parseCaf } from '../caf';
import { encodeLatin1 } from '../xml/encoding';
import { validateXsd } from '../xsd';
import { RSR_CONSUMIDOR_FINAL, buildBoleta, ddInputFromBoleta, totalesBoleta, type BoletaInput } from './boleta';
import { buildDd, buildTed } from './dd-ted';
import { buildEnvioBoleta, SII_RUT } from './envio';

const WHEN = '2026-11-20T10:15:00';
const emisor = sampleDocumento().emisor;
const caratula = {
  rutEmisor: emisor.rut,
  rutEnvia: '11111111-1',
  rutReceptor: SII_RUT,
  fchResol: '2024-11-05',
  nroResol: 0,
  tmstFirmaEnv: WHEN,
};
const signer = generateSigner();

/** The system's tools, independent of this library: xmllint (libxml2-utils) and xmlsec1, installed by .ci/run. */
function tool(cmd: string, args: string[], cwd?: string): { ok: boolean; out: string } {
  try {
    return { ok: true, out: execFileSync(cmd, args, { cwd, stdio: 'pipe' }).toString() };
  } catch (e) {
    const err = e as { stderr?: Buffer; message: string };
    return { ok: false, out: err.stderr?.toString() ?? err.message };
  }
}

function fileOf(bytes: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'boleta-')), 'envio.xml');
  writeFileSync(file, bytes);
  return file;
}

/** DD, FRMT with the CAF's folio key, TED, Documento signed as `#F{folio}T{tipo}`, as the gateway chains them for a DTE. */
function emitBoleta(input: BoletaInput, caf: GeneratedCaf): string {
  const dd = buildDd(ddInputFromBoleta(input, parseCaf(caf.bytes).cafXml, WHEN));
  return signXml(buildBoleta(input, buildTed(dd, signDd(dd, caf.folioKey)), WHEN), `F${input.folio}T${input.tipo_dte}`, signer);
}

const afecta: BoletaInput = {
  tipo_dte: 39,
  folio: 1,
  fecha_emision: '2026-11-20',
  indicador_servicio: 3,
  emisor,
  detalle: [
    { nombre: 'Cambio de aceite', cantidad: 1, precio_unitario: 19_900 },
    { nombre: 'Sandwic', cantidad: 2, precio_unitario: 2_990, descuento_pct: 10 },
    { nombre: 'Servicio exento', cantidad: 1, precio_unitario: 5_000, exento: true },
  ],
  referencias: [{ tipo_doc: 'SET', folio: '1', razon: 'CASO-1' }],
};
const exenta: BoletaInput = {
  tipo_dte: 41,
  folio: 3,
  fecha_emision: '2026-11-20',
  indicador_servicio: 3,
  emisor,
  receptor: { rut: '77777777-7', razon_social: 'Cliente Identificado SpA' },
  detalle: [{ nombre: 'Clase de música', cantidad: 1, precio_unitario: 15_000, unidad: 'Hora' }],
};

describe('totalesBoleta (docs/research/boletas.md §2.1: IVA-included lines, IVA the remainder)', () => {
  it.each([
    [680, 571, 109], // LibreDTE's case where round(neto × 0.19) would lose a peso
    [19_900, 16_723, 3_177], // ruraldte-engine's example
    [1, 1, 0],
    [1_190, 1_000, 190],
  ])('a 39 of %i pesos: neto %i, IVA %i', (bruto, neto, iva) => {
    expect(totalesBoleta(39, [{ nombre: 'x', cantidad: 1, precio_unitario: bruto }])).toEqual({ neto, exento: 0, iva, total: bruto });
  });

  it('keeps exempt lines out of the taxed base, and a 41 exempt whole', () => {
    expect(totalesBoleta(39, afecta.detalle)).toEqual({ neto: 21_245, exento: 5_000, iva: 4_037, total: 30_282 });
    expect(totalesBoleta(41, exenta.detalle)).toEqual({ neto: 0, exento: 15_000, iva: 0, total: 15_000 });
  });

  it('refuses a 39 without a taxed amount (that boleta is a 41)', () => {
    expect(() => totalesBoleta(39, [{ nombre: 'x', cantidad: 1, precio_unitario: 100, exento: true }])).toThrow(/is a 41/);
  });
});

describe('buildBoleta and buildEnvioBoleta', () => {
  const caf39 = generateCaf({ td: 39, desde: 1, hasta: 50 });
  const caf41 = generateCaf({ td: 41, desde: 1, hasta: 50 });
  const boletas = [emitBoleta(afecta, caf39), emitBoleta({ ...afecta, folio: 2, referencias: [] }, caf39), emitBoleta(exenta, caf41)];
  const signed = encodeLatin1(signXml(buildEnvioBoleta({ caratula, signedDtes: boletas }), 'SetDoc', signer));
  const text = signed.toString('latin1');

  it('writes the boleta fields in EnvioBOLETA_v11.xsd order: RznSocEmisor, an anonymous receptor, IVA-included lines', () => {
    expect(boletas[0]).toContain(
      '<IdDoc><TipoDTE>39</TipoDTE><Folio>1</Folio><FchEmis>2026-11-20</FchEmis><IndServicio>3</IndServicio></IdDoc>' +
        '<Emisor><RUTEmisor>76086428-5</RUTEmisor><RznSocEmisor>COMERCIAL ÑANDÚ LIMITADA</RznSocEmisor>',
    );
    expect(boletas[0]).toContain(
      '<Receptor><RUTRecep>66666666-6</RUTRecep></Receptor><Totales><MntNeto>21245</MntNeto><MntExe>5000</MntExe><IVA>4037</IVA><MntTotal>30282</MntTotal></Totales>',
    );
    expect(boletas[0]).toContain('<Detalle><NroLinDet>3</NroLinDet><IndExe>1</IndExe><NmbItem>Servicio exento</NmbItem>');
    expect(boletas[0]).toContain(
      '<Referencia><NroLinRef>1</NroLinRef><TpoDocRef>SET</TpoDocRef><FolioRef>1</FolioRef><RazonRef>CASO-1</RazonRef></Referencia>',
    );
    expect(boletas[0]).toContain(`<RR>66666666-6</RR><RSR>${RSR_CONSUMIDOR_FINAL}</RSR><MNT>30282</MNT><IT1>Cambio de aceite</IT1>`);
    expect(boletas[0]).not.toMatch(/Acteco|GiroEmis>|FchRef|TasaIVA/);
    expect(boletas[2]).toContain('<Totales><MntExe>15000</MntExe><MntTotal>15000</MntTotal></Totales>');
  });

  it('an EnvioBOLETA of them validates against EnvioBOLETA_v11.xsd, in libxml2-wasm and in the system xmllint', async () => {
    expect(
      text.startsWith('<?xml version="1.0" encoding="ISO-8859-1"?>\n<EnvioBOLETA xmlns="http://www.sii.cl/SiiDte" version="1.0">'),
    ).toBe(true);
    expect(text).toContain(
      '<SubTotDTE><TpoDTE>39</TpoDTE><NroDTE>2</NroDTE></SubTotDTE><SubTotDTE><TpoDTE>41</TpoDTE><NroDTE>1</NroDTE></SubTotDTE>',
    );
    expect(await validateXsd(signed, 'EnvioBOLETA')).toEqual({ valid: true, errors: [] });
    const xsdDir = join(dteAssetsDir(), 'xsd');
    expect(tool('xmllint', ['--noout', '--schema', 'EnvioBOLETA_v11.xsd', fileOf(signed)], xsdDir)).toEqual({ ok: true, out: '' });
    const sinIndServicio = encodeLatin1(text.replace('<IndServicio>3</IndServicio>', ''));
    expect(tool('xmllint', ['--noout', '--schema', 'EnvioBOLETA_v11.xsd', fileOf(sinIndServicio)], xsdDir).out).toMatch(/IndServicio/);
  });

  it('every signature verifies with xmlsec1, the envelope and each boleta', () => {
    const cert = join(mkdtempSync(join(tmpdir(), 'boleta-cert-')), 'cert.pem');
    writeFileSync(cert, signer.certPem);
    const file = fileOf(signed);
    const ids = ['Documento', 'SetDTE'].flatMap((e) => ['--id-attr:ID', e]);
    const check = (xpath: string, on = file) => tool('xmlsec1', ['--verify', ...ids, '--pubkey-cert-pem', cert, '--node-xpath', xpath, on]);
    expect(check("/*[local-name()='EnvioBOLETA']/*[local-name()='Signature']").ok).toBe(true);
    for (let i = 1; i <= 3; i++) expect(check(`(//*[local-name()='DTE'])[${i}]/*[local-name()='Signature']`).ok).toBe(true);
    const tampered = fileOf(encodeLatin1(text.replace('<MntTotal>15000</MntTotal>', '<MntTotal>15001</MntTotal>')));
    expect(check("(//*[local-name()='DTE'])[3]/*[local-name()='Signature']", tampered).ok).toBe(false);
  });

  it('each TED verifies with the CAF public key over the DD bytes (node:crypto, not this library)', () => {
    for (const [i, caf] of [caf39, caf39, caf41].entries()) {
      const dte = boletas[i];
      const dd = /<DD>[\s\S]*?<\/DD>/.exec(dte)?.[0] as string;
      const frmt = /<FRMT algoritmo="SHA1withRSA">([^<]+)<\/FRMT>/.exec(dte)?.[1] as string;
      expect(verify('RSA-SHA1', Buffer.from(dd, 'latin1'), createPublicKey(caf.folioKey), Buffer.from(frmt, 'base64'))).toBe(true);
    }
  });

  it('refuses what EnvioBOLETA_v11.xsd does not take: another type, over 500 boletas, an IndServicio outside 1-4', () => {
    const dd = buildDd(ddInputFromBoleta(afecta, parseCaf(caf39.bytes).cafXml, WHEN));
    const ted = buildTed(dd, signDd(dd, caf39.folioKey));
    expect(() => buildBoleta({ ...afecta, indicador_servicio: 5 as 3 }, ted, WHEN)).toThrow(/indicador_servicio/);
    expect(() => buildBoleta({ ...afecta, tipo_dte: 33 as 39 }, ted, WHEN)).toThrow(/tipo 39 or 41/);
    expect(() => buildBoleta({ ...afecta, referencias: Array(41).fill({ razon: 'x' }) }, ted, WHEN)).toThrow(/40 Referencia/);
    expect(() => buildEnvioBoleta({ caratula, signedDtes: Array(501).fill(boletas[0]) })).toThrow(/1 to 500/);
    const factura = boletas[2].replace('<TipoDTE>41</TipoDTE>', '<TipoDTE>33</TipoDTE>');
    expect(() => buildEnvioBoleta({ caratula, signedDtes: [factura] })).toThrow(/holds 39, 41/);
  });
});
