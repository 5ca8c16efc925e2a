import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';
import { dteAssetsDir } from './assets';
import { declaredEncoding, decodeXml, withDeclaredEncoding } from './xml/encoding';
import { DteAssetsError, DteError } from './errors';
import { assertNoDtd } from './xml/dom';

/** The document schemas `validateXsd` knows, named after their root element. */
export type XsdSchemaName = 'EnvioDTE' | 'DTE' | 'LibroCV' | 'RespuestaEnvioDTE' | 'EnvioRecibos' | 'RespSII';

const MAIN_FILE: Record<XsdSchemaName, string> = {
  EnvioDTE: 'EnvioDTE_v10.xsd',
  DTE: 'DTE_v10.xsd',
  LibroCV: 'LibroCV_v10.xsd',
  RespuestaEnvioDTE: 'RespuestaEnvioDTE_v10.xsd',
  EnvioRecibos: 'EnvioRecibos_v10.xsd',
  RespSII: 'RespSII_v10.xsd',
};

/** Result of a schema validation; `errors` are one readable line each ("line N: ..."). */
export interface XsdResult {
  valid: boolean;
  errors: string[];
}

let cache: { dir: string; files: XMLFileInfo[] } | undefined;

/** All shipped schema files as raw bytes (ISO-8859-1, as published), read once per assets folder. */
function schemaFiles(): XMLFileInfo[] {
  const dir = join(dteAssetsDir(), 'xsd');
  if (cache?.dir !== dir) {
    const names = readdirSync(dir).filter((f) => f.endsWith('.xsd'));
    cache = { dir, files: names.map((fileName) => ({ fileName, contents: readFileSync(join(dir, fileName)) })) };
  }
  return cache.files;
}

function readable(message: string, line?: number | null): string {
  const text = message
    .replace(/^(Schemas validity|Schemas parser|parser) error\s*:\s*/i, '')
    .replace(/\{http:\/\/www\.sii\.cl\/SiiDte\}/g, '')
    .replace(/\{http:\/\/www\.w3\.org\/2000\/09\/xmldsig#\}/g, 'ds:')
    .trim();
  return line ? `line ${line}: ${text}` : text;
}

/** The document as UTF-8 bytes with a matching declaration (libxml2-wasm has no iconv for windows-1252). */
function utf8Document(xml: string | Buffer): Buffer {
  const text = decodeXml(xml);
  assertNoDtd(text);
  return Buffer.from(declaredEncoding(text) ? withDeclaredEncoding(text, 'UTF-8') : text, 'utf8');
}

/**
 * Validates `xml` (bytes in any encoding `decodeXml` accepts, or a string) against the official SII
 * schema `schema`, offline, with libxml2 compiled to WebAssembly (xmllint-wasm). Every shipped XSD is
 * preloaded so includes/imports resolve; the schema texts are read once and cached. A document that
 * cannot be read (garbage, DOCTYPE, not well-formed) is reported as invalid, not thrown.
 * Source: SII schemas `schema_dte` / `schema_iecv` (libs/dte/assets/README.md).
 * @throws DteAssetsError when the shipped schemas are missing or do not compile.
 */
export async function validateXsd(xml: string | Buffer, schema: XsdSchemaName): Promise<XsdResult> {
  const files = schemaFiles();
  const main = files.find((f) => f.fileName === MAIN_FILE[schema]);
  if (!main) throw new DteAssetsError(`schema ${MAIN_FILE[schema]} is not shipped`);
  let contents: Buffer;
  try {
    contents = utf8Document(xml);
  } catch (e) {
    if (e instanceof DteError) return { valid: false, errors: [e.message] };
    throw e;
  }
  try {
    const result = await validateXML({
      xml: [{ fileName: 'document.xml', contents }],
      schema: [main],
      preload: files.filter((f) => f !== main),
      maxMemoryPages: 4096,
    });
    // libxml2 echoes the offending source line and a caret after a parse error: keep located messages.
    const located = result.errors.filter((e) => e.loc !== null);
    const kept = located.length > 0 ? located : result.errors.filter((e) => !/fails to validate$/.test(e.rawMessage.trim()));
    return { valid: result.valid, errors: kept.map((e) => readable(e.message, e.loc?.lineNumber)) };
  } catch (e) {
    const code = (e as { code?: number }).code;
    const lines = String((e as Error).message ?? e)
      .split('\n')
      .filter((l) => l.trim() !== '');
    if (code === 5) throw new DteAssetsError(`schema ${MAIN_FILE[schema]} does not compile: ${lines[0]}`);
    // libxml2 echoes the offending source line and a caret after each message: keep the messages.
    const located = lines.map((l) => /^document\.xml:(\d+):\s*(.*)$/.exec(l)).filter((m) => m !== null);
    return {
      valid: false,
      errors: located.length > 0 ? located.map((m) => readable(m[2], Number(m[1]))) : lines.slice(0, 1),
    };
  }
}
