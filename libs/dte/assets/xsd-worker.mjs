// The XSD validator of libs/dte (src/xsd.ts): libxml2 compiled to WebAssembly (libxml2-wasm), in a worker thread so
// that the schemas are compiled once per process and reused for every document. Messages:
//   in  {id, dir, main, xml: Uint8Array (UTF-8 document)}
//   out {id, valid, errors: [{message, line}]}  or  {id, compileError: string}
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';
import { XmlDocument, XsdValidator } from 'libxml2-wasm';
import { xmlRegisterFsInputProviders } from 'libxml2-wasm/lib/nodejs.mjs';

xmlRegisterFsInputProviders();
const validators = new Map();

function validator(dir, main) {
  const key = join(dir, main);
  let v = validators.get(key);
  if (!v) {
    // The schema document stays alive with its validator (one per schema, for the life of the process).
    const schema = XmlDocument.fromBuffer(readFileSync(key), { url: pathToFileURL(key).href });
    v = XsdValidator.fromDoc(schema);
    validators.set(key, v);
  }
  return v;
}

function details(err) {
  const list = Array.isArray(err?.details) ? err.details : [];
  if (list.length === 0) return [{ message: String(err?.message ?? err), line: null }];
  return list.map((d) => ({ message: String(d.message ?? ''), line: typeof d.line === 'number' && d.line > 0 ? d.line : null }));
}

parentPort.on('message', ({ id, dir, main, xml }) => {
  let v;
  try {
    v = validator(dir, main);
  } catch (err) {
    parentPort.postMessage({ id, compileError: details(err).map((d) => d.message.trim()).join('; ') });
    return;
  }
  let doc;
  try {
    doc = XmlDocument.fromBuffer(xml);
    v.validate(doc);
    parentPort.postMessage({ id, valid: true, errors: [] });
  } catch (err) {
    parentPort.postMessage({ id, valid: false, errors: details(err) });
  } finally {
    doc?.dispose();
  }
});
