// The SII certification stand-in (docs/DESIGN.md §1) over HTTP, and HTTPS for the certificate login with `<SIM_DATA_DIR>/tls-ca.pem`
// (the signer's SII_TLS_CA_FILE). Prints one JSON line when listening; stops on SIGINT/SIGTERM.
import { SiiFakeAuthority, startSiiFakeServer } from '@lib/sii-fake';
import { resolve } from 'node:path';
import { loadOrCreateAuthorityKey, loadOrCreateTlsCertificate } from './key-store';
import { readSettings } from './settings';

async function main(): Promise<void> {
  const settings = readSettings();
  const authority = new SiiFakeAuthority({
    unknownRuts: settings.unknownRuts,
    estUpDelaysMs: settings.estUpDelayMs,
    cafIdk: settings.cafIdk,
    authorityKey: loadOrCreateAuthorityKey(settings.dataDir, settings.cafIdk),
  });
  const { caFile, ...certificate } = loadOrCreateTlsCertificate(settings.dataDir);
  const server = await startSiiFakeServer(authority, {
    port: settings.port,
    host: settings.host,
    tls: { port: settings.tlsPort, certificate },
  });
  const listening = { event: 'listening', url: server.url, https_url: server.httpsUrl, tls_ca_file: resolve(caFile) };
  process.stdout.write(JSON.stringify(listening) + '\n');
  const stop = (signal: string) => {
    process.stdout.write(JSON.stringify({ event: 'stopping', signal }) + '\n');
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`${JSON.stringify({ event: 'error', message: (err as Error).message })}\n`);
  process.exit(1);
});
