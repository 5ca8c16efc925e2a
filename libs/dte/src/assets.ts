import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DteAssetsError } from './errors';

const MARKER = join('xsd', 'EnvioDTE_v10.xsd');

function hasAssets(dir: string): boolean {
  return existsSync(join(dir, MARKER));
}

function walkUp(from: string): string | undefined {
  let dir = resolve(from);
  for (;;) {
    for (const candidate of [join(dir, 'assets'), join(dir, 'libs', 'dte', 'assets')]) {
      if (hasAssets(candidate)) return candidate;
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** Where to look for the assets; `dteAssetsDir()` fills it from the process. */
export interface AssetsLookup {
  /** Value of DTE_ASSETS_DIR, if set. */
  env?: string;
  /** `require.main.filename` (the webpack bundle's main.js). */
  mainFilename?: string;
  /** Folders to walk up from, in order (this module's folder, the working directory). */
  from: string[];
}

/** The lookup behind `dteAssetsDir`, with its inputs explicit. @throws DteAssetsError */
export function findAssetsDir(lookup: AssetsLookup): string {
  if (lookup.env) {
    if (hasAssets(lookup.env)) return resolve(lookup.env);
    throw new DteAssetsError(`DTE_ASSETS_DIR=${lookup.env} does not contain ${MARKER}`);
  }
  if (lookup.mainFilename) {
    const bundled = join(dirname(lookup.mainFilename), 'assets', 'dte');
    if (hasAssets(bundled)) return bundled;
  }
  for (const from of lookup.from) {
    const found = walkUp(from);
    if (found) return found;
  }
  throw new DteAssetsError('libs/dte assets not found (set DTE_ASSETS_DIR)');
}

/**
 * The folder holding the shipped SII assets (`xsd/`, `certs/`). Looked up in this order:
 * 1. env `DTE_ASSETS_DIR` (must contain `xsd/EnvioDTE_v10.xsd`);
 * 2. the webpack bundle layout, `<dirname(require.main.filename)>/assets/dte` (the gateway build copies
 *    `libs/dte/assets` to `dist/apps/tax-gateway/assets/dte`);
 * 3. the source tree: walking up from this file (then from the working directory) to `libs/dte/assets`.
 * @throws DteAssetsError when none is found, or when `DTE_ASSETS_DIR` points at a folder without XSDs.
 */
export function dteAssetsDir(): string {
  return findAssetsDir({
    env: process.env['DTE_ASSETS_DIR'],
    mainFilename: require.main?.filename,
    from: [__dirname, process.cwd()],
  });
}

const certCache = new Map<string, string | undefined>();

/**
 * PEM of the SII public certificate that verifies the FRMA of CAFs with that IDK (100 = certification,
 * 300 = production; docs/research/sii-protocol.md §3.4), shipped as `certs/sii-caf-idk-<idk>.cer`.
 * Returns undefined for any other IDK (e.g. a simulator authority).
 */
export function siiCafCertificate(idk: number): string | undefined {
  if (!Number.isInteger(idk) || idk <= 0) return undefined;
  const file = join(dteAssetsDir(), 'certs', `sii-caf-idk-${idk}.cer`);
  if (!certCache.has(file)) certCache.set(file, existsSync(file) ? readFileSync(file, 'ascii') : undefined);
  return certCache.get(file);
}
