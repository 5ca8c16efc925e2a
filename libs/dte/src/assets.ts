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

/** Inputs of the lookup: DTE_ASSETS_DIR, `require.main.filename` (the bundle's main.js), folders to walk up from. */
export interface AssetsLookup {
  env?: string;
  mainFilename?: string;
  from: string[];
}

/** @throws DteAssetsError */
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

/** `DTE_ASSETS_DIR`, else the bundle's `assets/dte` (the gateway build copies them), else `libs/dte/assets` up the tree. @throws DteAssetsError */
export function dteAssetsDir(): string {
  return findAssetsDir({
    env: process.env['DTE_ASSETS_DIR'],
    mainFilename: require.main?.filename,
    from: [__dirname, process.cwd()],
  });
}

const certCache = new Map<string, string | undefined>();

/** SII certificate verifying CAF FRMA of IDK 100 (certification) or 300 (production), docs/research/sii-protocol.md §3.4; else undefined. */
export function siiCafCertificate(idk: number): string | undefined {
  if (!Number.isInteger(idk) || idk <= 0) return undefined;
  const file = join(dteAssetsDir(), 'certs', `sii-caf-idk-${idk}.cer`);
  if (!certCache.has(file)) certCache.set(file, existsSync(file) ? readFileSync(file, 'ascii') : undefined);
  return certCache.get(file);
}
