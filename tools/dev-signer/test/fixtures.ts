import { execFileSync, spawnSync } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as iconv from 'iconv-lite';

/** Synthetic data only (docs/CONTRACTS.md: fixtures hold no real authority data). */
export const SII_NS = 'http://www.sii.cl/SiiDte';
export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
export const SII_EXAMPLE = join(__dirname, '../../../libs/dte/test/data/F60T33-official-sii-example.xml');

export function tempDir(prefix = 'dev-signer-'): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export const latin1 = (text: string): Buffer => iconv.encode(text, 'latin1');

/** The `group` of the first match of `re` in `text`; throws when there is none. */
export function extract(re: RegExp, text: string, group = 0): string {
  const m = re.exec(text);
  if (!m) throw new Error(`no match for ${re}`);
  return m[group];
}

/** The CAF element of a CAF file, flattened (as it goes into a DD). */
export function flatCaf(cafFile: Buffer): string {
  return extract(/<CAF version="1.0">[\s\S]*<\/CAF>/, cafFile.toString('latin1')).replace(/>\s+</g, '><');
}

/** A getToken document as the gateway builds it (SII manual autenticación automática v1.9). */
export function getTokenXml(seed = '000000000078'): Buffer {
  return Buffer.from(`<?xml version="1.0"?>\n<getToken><item><Semilla>${seed}</Semilla></item></getToken>`);
}

/**
 * An unsigned DTE as libs/dte builds it: `<DTE version="1.0" xmlns="SiiDte">` (no declaration).
 * `extraNs` adds namespace declarations on DTE (e.g. xmlns:xsi). Non-ASCII text on purpose.
 */
export function dteXml(folio: number, extraNs = ''): string {
  return (
    `<DTE xmlns="${SII_NS}"${extraNs} version="1.0">\r\n<Documento ID="F${folio}T33">` +
    `<Encabezado><IdDoc><TipoDTE>33</TipoDTE><Folio>${folio}</Folio><FchEmis>2026-01-15</FchEmis></IdDoc>` +
    `<Emisor><RUTEmisor>76000000-0</RUTEmisor><RznSoc>Compañía Sintética Ñandú Ltda</RznSoc>` +
    `<GiroEmis>Servicios de prueba</GiroEmis><Acteco>620200</Acteco></Emisor>` +
    `<Receptor><RUTRecep>77777777-7</RUTRecep><RznSocRecep>Receptor &amp; Cía</RznSocRecep></Receptor>` +
    `<Totales><MntNeto>100000</MntNeto><TasaIVA>19</TasaIVA><IVA>19000</IVA><MntTotal>119000</MntTotal></Totales>` +
    `</Encabezado><Detalle><NroLinDet>1</NroLinDet><NmbItem>Asesoría técnica</NmbItem><DscItem/>` +
    `<QtyItem>1</QtyItem><PrcItem>100000</PrcItem><MontoItem>100000</MontoItem></Detalle>` +
    `<TmstFirma>2026-01-15T10:00:00</TmstFirma></Documento>\r\n</DTE>`
  );
}

/** An unsigned EnvioDTE embedding the signed DTE strings verbatim (like buildEnvioDte). */
export function envioXml(signedDtes: string[], rootNs = `xmlns="${SII_NS}"`): string {
  return (
    `<?xml version="1.0" encoding="ISO-8859-1"?>\r\n<EnvioDTE ${rootNs} version="1.0">\r\n` +
    `<SetDTE ID="SetDoc">\r\n<Caratula version="1.0"><RutEmisor>76000000-0</RutEmisor>` +
    `<RutEnvia>11111111-1</RutEnvia><RutReceptor>60803000-K</RutReceptor><FchResol>2026-01-01</FchResol>` +
    `<NroResol>0</NroResol><TmstFirmaEnv>2026-01-15T10:00:01</TmstFirmaEnv>` +
    `<SubTotDTE><TpoDTE>33</TpoDTE><NroDTE>${signedDtes.length}</NroDTE></SubTotDTE></Caratula>\r\n` +
    `${signedDtes.join('\r\n')}\r\n</SetDTE>\r\n</EnvioDTE>\r\n`
  );
}

/**
 * A synthetic CAF file (AUTORIZACION) with a 512-bit e=3 folio key like the SII's, FRMA made by a
 * throw-away "authority" key (IDK 666, never valid for the SII). `rsaskOverride` builds a broken CAF.
 */
export function makeCaf(opts: { desde?: number; hasta?: number; rsaskOverride?: string } = {}): {
  bytes: Buffer;
  rsapk: { m: string; e: string };
} {
  const folioKey = generateKeyPairSync('rsa', { modulusLength: 512, publicExponent: 3 });
  const authority = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const jwk = folioKey.publicKey.export({ format: 'jwk' });
  const rsapk = {
    m: Buffer.from(jwk.n as string, 'base64url').toString('base64'),
    e: Buffer.from(jwk.e as string, 'base64url').toString('base64'),
  };
  const da =
    `<DA><RE>76000000-0</RE><RS>Compañía Sintética Ñandú</RS><TD>33</TD><RNG><D>${opts.desde ?? 1}</D>` +
    `<H>${opts.hasta ?? 100}</H></RNG><FA>2026-01-02</FA><RSAPK><M>${rsapk.m}</M><E>${rsapk.e}</E></RSAPK>` +
    `<IDK>666</IDK></DA>`;
  const frma = sign('sha1', latin1(da), authority.privateKey).toString('base64');
  const rsask = opts.rsaskOverride ?? folioKey.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const pub = folioKey.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const xml =
    `<?xml version="1.0" encoding="ISO-8859-1"?>\n<AUTORIZACION>\n<CAF version="1.0">\n${da}\n` +
    `<FRMA algoritmo="SHA1withRSA">${frma}</FRMA>\n</CAF>\n<RSASK>${rsask}</RSASK>\n<RSAPUBK>${pub}</RSAPUBK>\n</AUTORIZACION>\n`;
  return { bytes: latin1(xml), rsapk };
}

/** A flattened DD (SII Formato DTE v2.2 §TED) with the CAF verbatim. */
export function ddXml(cafXml: string, folio = 1): string {
  return (
    `<DD><RE>76000000-0</RE><TD>33</TD><F>${folio}</F><FE>2026-01-15</FE><RR>77777777-7</RR>` +
    `<RSR>Receptor &amp; Cía</RSR><MNT>119000</MNT><IT1>Asesoría técnica</IT1>${cafXml}` +
    `<TSTED>2026-01-15T10:00:00</TSTED></DD>`
  );
}

/** Fails with an explicit message when xmlsec1 (the independent verifier) is not installed. */
export function requireXmlsec1(): void {
  const probe = spawnSync('xmlsec1', ['--version'], { encoding: 'utf8' });
  if (probe.status !== 0) {
    throw new Error('xmlsec1 is required by these tests: apt-get install -y xmlsec1');
  }
}

/**
 * Runs `xmlsec1 --verify` (libxml2 + OpenSSL, independent of xml-crypto) on `xml`, trusting
 * `certPem` (null: `--insecure`, key from KeyInfo). `nodeXpath` picks the Signature (xmlsec1 verifies one per run, the first by default).
 * ID attributes are declared for Documento and SetDTE, with and without the SiiDte namespace.
 */
export function xmlsec1Verify(xml: Buffer, certPem: string | null, nodeXpath?: string): { ok: boolean; output: string } {
  const { dir, cleanup } = tempDir('xmlsec1-');
  try {
    writeFileSync(join(dir, 'doc.xml'), xml);
    const args = ['--verify'];
    if (certPem === null) {
      // No certificate trust (chain, dates); the digests and SignatureValue are still checked.
      args.push('--insecure');
    } else {
      writeFileSync(join(dir, 'cert.pem'), certPem);
      args.push('--trusted-pem', join(dir, 'cert.pem'));
    }
    for (const el of ['Documento', 'SetDTE']) args.push('--id-attr:ID', el, '--id-attr:ID', `${SII_NS}:${el}`);
    if (nodeXpath) args.push('--node-xpath', nodeXpath);
    const r = spawnSync('xmlsec1', [...args, join(dir, 'doc.xml')], { encoding: 'utf8' });
    return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
  } finally {
    cleanup();
  }
}

/** `openssl cms -verify` of a DER SignedData, trusting `certPem`; returns the embedded content. */
export function opensslCmsVerify(der: Buffer, certPem: string): Buffer {
  const { dir, cleanup } = tempDir('cms-');
  try {
    writeFileSync(join(dir, 'cert.pem'), certPem);
    writeFileSync(join(dir, 'sig.der'), der);
    return execFileSync(
      'openssl',
      ['cms', '-verify', '-binary', '-inform', 'DER', '-in', join(dir, 'sig.der'), '-CAfile', join(dir, 'cert.pem'), '-purpose', 'any'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } finally {
    cleanup();
  }
}

/**
 * A self-signed TLS server certificate for 127.0.0.1 and localhost, made by the `openssl` command (an independent
 * tool; the signer's specs do not depend on the SII stand-in): the local HTTPS servers that play herculesr.
 */
export function opensslServerCertificate(): { keyPem: string; certificatePem: string } {
  const dir = mkdtempSync(join(tmpdir(), 'signer-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-sha256',
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-addext',
        'basicConstraints=critical,CA:TRUE',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { keyPem: readFileSync(join(dir, 'key.pem'), 'utf8'), certificatePem: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
