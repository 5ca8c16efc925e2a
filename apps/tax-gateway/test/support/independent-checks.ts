import { execFile } from 'node:child_process';
import { createPublicKey, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const REPO = resolve(__dirname, '../../../..');

/** Result of a system tool run: exit code and output. */
export interface ToolResult {
  code: number;
  output: string;
}

async function tool(cmd: string, args: string[]): Promise<ToolResult> {
  try {
    const { stdout, stderr } = await run(cmd, args);
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

function withFiles<T>(files: Record<string, Buffer | string>, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'gw-accept-'));
  for (const [name, data] of Object.entries(files)) writeFileSync(join(dir, name), data);
  return fn(dir).finally(() => rmSync(dir, { recursive: true, force: true }));
}

/** The system `xmllint --noout --schema` (libxml2-utils) against an official XSD of libs/dte/assets/xsd, e.g. `RespuestaEnvioDTE_v10.xsd`. */
export function xmllint(xml: Buffer, xsdFile: string): Promise<ToolResult> {
  const schema = join(REPO, 'libs/dte/assets/xsd', xsdFile);
  return withFiles({ 'doc.xml': xml }, (dir) => tool('xmllint', ['--noout', '--schema', schema, join(dir, 'doc.xml')]));
}

/** The system `xmllint --noout --schema EnvioDTE_v10.xsd` (libxml2-utils). */
export function xmllintEnvio(xml: Buffer): Promise<ToolResult> {
  return xmllint(xml, 'EnvioDTE_v10.xsd');
}

/**
 * The system `xmlsec1 --verify` of the ds:Signature selected by `xpath`, with the signer's certificate
 * as the only key, and ID attributes declared for Documento, Liquidacion, SetDTE and the answers' Resultado,
 * SetRecibos and DocumentoRecibo, and the book's EnvioLibro.
 */
export function xmlsecVerify(xml: Buffer, certificatePem: string, xpath: string): Promise<ToolResult> {
  return withFiles({ 'envio.xml': xml, 'cert.pem': certificatePem }, (dir) =>
    tool('xmlsec1', [
      '--verify',
      '--id-attr:ID',
      'Documento',
      '--id-attr:ID',
      'Liquidacion',
      '--id-attr:ID',
      'Exportaciones',
      '--id-attr:ID',
      'SetDTE',
      '--id-attr:ID',
      'Resultado',
      '--id-attr:ID',
      'SetRecibos',
      '--id-attr:ID',
      'DocumentoRecibo',
      '--id-attr:ID',
      'EnvioLibro',
      '--pubkey-cert-pem',
      join(dir, 'cert.pem'),
      '--node-xpath',
      xpath,
      join(dir, 'envio.xml'),
    ]),
  );
}

/**
 * The system `xmlsec1 --verify` of the ds:Signature selected by `xpath` with the certificate of its own KeyInfo
 * (X509Certificate only: a KeyValue that is not the certificate's key does not count, as the SII answers it; chain
 * trust not judged, `--insecure`), with the ID attributes of DTEs (Documento, Exportaciones, Liquidacion) and SetDTE.
 * Used on documents signed by others (libs/testing/fixtures/dte-reales).
 */
export function xmlsecVerifyEmbedded(xml: Buffer, xpath: string): Promise<ToolResult> {
  const ids = ['Documento', 'Exportaciones', 'Liquidacion', 'SetDTE', 'DocumentoDTECedido', 'DocumentoCesion', 'DocumentoAEC'].flatMap(
    (e) => ['--id-attr:ID', e],
  );
  return withFiles({ 'doc.xml': xml }, (dir) =>
    tool('xmlsec1', ['--verify', ...ids, '--enabled-key-data', 'x509', '--insecure', '--node-xpath', xpath, join(dir, 'doc.xml')]),
  );
}

export const ENVELOPE_SIGNATURE = "/*[local-name()='EnvioDTE']/*[local-name()='Signature']";
export const DOCUMENTO_SIGNATURE = "//*[local-name()='DTE']/*[local-name()='Signature']";

/**
 * Checks a TED without @lib/dte: RSA-SHA1 (PKCS#1 v1.5) of the CAF public key (RSAPK M/E of the CAF
 * file) over the DD with whitespace between tags removed, in ISO-8859-1 (docs/research/sii-protocol.md §2.3).
 */
export function tedVerifies(envioLatin1: string, cafFileLatin1: string): boolean {
  const dd = /<DD>[\s\S]*?<\/DD>/.exec(envioLatin1)?.[0];
  const frmt = /<FRMT[^>]*>([^<]*)<\/FRMT>/.exec(envioLatin1)?.[1];
  const m = /<RSAPK>\s*<M>([^<]*)<\/M>\s*<E>([^<]*)<\/E>/.exec(cafFileLatin1);
  if (!dd || !frmt || !m) throw new Error('TED or RSAPK not found');
  const key = createPublicKey({
    key: {
      kty: 'RSA',
      n: Buffer.from(m[1].replace(/\s+/g, ''), 'base64').toString('base64url'),
      e: Buffer.from(m[2].replace(/\s+/g, ''), 'base64').toString('base64url'),
    },
    format: 'jwk',
  });
  const flattened = dd.replace(/>[ \t\r\n]+</g, '><');
  return verify('RSA-SHA1', Buffer.from(flattened, 'latin1'), key, Buffer.from(frmt.replace(/\s+/g, ''), 'base64'));
}

/**
 * The system `openssl cms -verify` of a DER CMS SignedData with its content attached, trusting `certificatePem` (the
 * signer's, self-issued): exit 0 and the content on stdout when the signature holds.
 */
export function opensslCmsVerify(cms: Buffer, certificatePem: string): Promise<ToolResult & { content: string }> {
  return withFiles({ 'r.der': cms, 'signer.pem': certificatePem }, async (dir) => {
    const out = join(dir, 'content');
    const r = await tool('openssl', [
      'cms',
      '-verify',
      '-inform',
      'DER',
      '-in',
      join(dir, 'r.der'),
      '-CAfile',
      join(dir, 'signer.pem'),
      '-purpose',
      'any',
      '-out',
      out,
    ]);
    return { ...r, content: r.code === 0 ? readFileSync(out, 'utf8') : '' };
  });
}
