import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { dteAssetsDir } from './assets';
import { declaredEncoding, decodeXml, withDeclaredEncoding } from './xml/encoding';
import { DteAssetsError, DteError } from './errors';
import { assertNoDtd } from './xml/dom';

export type XsdSchemaName =
  'EnvioDTE' | 'EnvioBOLETA' | 'DTE' | 'LibroCV' | 'LibroGuia' | 'RespuestaEnvioDTE' | 'EnvioRecibos' | 'RespSII' | 'AEC';

const MAIN_FILE: Record<XsdSchemaName, string> = {
  EnvioDTE: 'EnvioDTE_v10.xsd',
  EnvioBOLETA: 'EnvioBOLETA_v11.xsd',
  DTE: 'DTE_v10.xsd',
  LibroCV: 'LibroCV_v10.xsd',
  LibroGuia: 'LibroGuia_v10.xsd',
  RespuestaEnvioDTE: 'RespuestaEnvioDTE_v10.xsd',
  EnvioRecibos: 'EnvioRecibos_v10.xsd',
  RespSII: 'RespSII_v10.xsd',
  // The cesión's file (SII schema_cesion 2019-12-12: AEC, Cesion, DTECedido; docs/research/cesion.md §1.1).
  AEC: 'AEC_v10.xsd',
};

/** `errors`: one line each ("line N: ..."). */
export interface XsdResult {
  valid: boolean;
  errors: string[];
}

interface WorkerAnswer {
  id: number;
  valid?: boolean;
  errors?: { message: string; line: number | null }[];
  compileError?: string;
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, (answer: WorkerAnswer) => void>();

/** One thread (assets/xsd-worker.mjs) compiling each schema once; alive only while a validation is pending; replaced if it dies. */
function validatorThread(): Worker {
  if (worker) return worker;
  const w = new Worker(join(dteAssetsDir(), 'xsd-worker.mjs'));
  w.on('message', (answer: WorkerAnswer) => {
    pending.get(answer.id)?.(answer);
    pending.delete(answer.id);
    if (pending.size === 0) w.unref();
  });
  const fail = (message: string) => {
    if (worker === w) worker = undefined;
    for (const [id, resolve] of pending) resolve({ id, compileError: message });
    pending.clear();
  };
  w.on('error', (err) => fail(`the XSD validator failed: ${err.message}`));
  w.on('exit', (code) => fail(`the XSD validator exited (${code})`));
  worker = w;
  return w;
}

function ask(dir: string, main: string, xml: Buffer): Promise<WorkerAnswer> {
  const id = nextId++;
  return new Promise((resolve) => {
    const w = validatorThread();
    pending.set(id, resolve);
    w.ref();
    w.postMessage({ id, dir, main, xml: new Uint8Array(xml) });
  });
}

function readable(message: string, line?: number | null): string {
  const text = message
    .replace(/^(Schemas validity|Schemas parser|parser) error\s*:\s*/i, '')
    .replace(/\{http:\/\/www\.sii\.cl\/SiiDte\}/g, '')
    .replace(/\{http:\/\/www\.w3\.org\/2000\/09\/xmldsig#\}/g, 'ds:')
    .trim();
  return line ? `line ${line}: ${text}` : text;
}

/** libxml2-wasm has no iconv for windows-1252. */
function utf8Document(xml: string | Buffer): Buffer {
  const text = decodeXml(xml);
  assertNoDtd(text);
  return Buffer.from(declaredEncoding(text) ? withDeclaredEncoding(text, 'UTF-8') : text, 'utf8');
}

/** Offline against the official SII schemas (libs/dte/assets/README.md) with libxml2-wasm; an unreadable document is invalid, not
 * thrown. @throws DteAssetsError when the shipped schemas are missing or do not compile. */
export async function validateXsd(xml: string | Buffer, schema: XsdSchemaName): Promise<XsdResult> {
  const dir = join(dteAssetsDir(), 'xsd');
  if (!existsSync(join(dir, MAIN_FILE[schema]))) throw new DteAssetsError(`schema ${MAIN_FILE[schema]} is not shipped`);
  let contents: Buffer;
  try {
    contents = utf8Document(xml);
  } catch (e) {
    if (e instanceof DteError) return { valid: false, errors: [e.message] };
    throw e;
  }
  const answer = await ask(dir, MAIN_FILE[schema], contents);
  if (answer.compileError !== undefined) throw new DteAssetsError(`schema ${MAIN_FILE[schema]} does not compile: ${answer.compileError}`);
  const errors = (answer.errors ?? []).map((e) => readable(e.message, e.line));
  return { valid: answer.valid === true, errors };
}
