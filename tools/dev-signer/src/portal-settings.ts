import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { DEFAULT_AUTH_URL, type PortalLoginSettings } from './portal-session';

/** Below the gateway's SIGNER_TIMEOUT_MS (10 s), so the gateway hears why. */
const DEFAULT_TIMEOUT_MS = 8000;

/**
 * docs/CONTRACTS.md "Signing service": SII_AUTH_URL (https), SII_TLS_CA_FILE (added to the system CAs; verification never off),
 * SII_AUTH_TIMEOUT_MS. @throws Error naming the wrong setting.
 */
export function readPortalSettings(env: NodeJS.ProcessEnv): PortalLoginSettings {
  const authUrl = env['SII_AUTH_URL'] || DEFAULT_AUTH_URL;
  let parsed: URL | undefined;
  try {
    parsed = new URL(authUrl);
  } catch {
    parsed = undefined;
  }
  // A client certificate means nothing over plain HTTP.
  if (parsed?.protocol !== 'https:') throw new Error(`SII_AUTH_URL must be an absolute https URL, got "${authUrl}"`);
  const timeoutText = env['SII_AUTH_TIMEOUT_MS'] || String(DEFAULT_TIMEOUT_MS);
  if (!/^\d+$/.test(timeoutText) || Number(timeoutText) < 1) {
    throw new Error(`SII_AUTH_TIMEOUT_MS must be a positive integer (ms), got "${timeoutText}"`);
  }
  const caFile = env['SII_TLS_CA_FILE'];
  return {
    authUrl,
    timeoutMs: Number(timeoutText),
    ...(caFile ? { ca: [...rootCertificates, readCaFile(caFile)] } : {}),
  };
}

function readCaFile(path: string): string {
  let pem: string;
  try {
    pem = readFileSync(path, 'utf8');
  } catch (err) {
    throw new Error(`SII_TLS_CA_FILE cannot be read (${path}): ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  try {
    new X509Certificate(pem);
  } catch {
    throw new Error(`SII_TLS_CA_FILE is not a PEM certificate: ${path}`);
  }
  return pem;
}
