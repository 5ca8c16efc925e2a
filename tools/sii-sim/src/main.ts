// Local stand-in for the SII certification environment (docs/DESIGN.md §1): the fake authority of
// libs/sii-fake served over HTTP. Prints one JSON line when listening; stops on SIGINT/SIGTERM.
import { SiiFakeAuthority, startSiiFakeServer } from '@lib/sii-fake';
import { loadOrCreateAuthorityKey } from './key-store';
import { readSettings } from './settings';

async function main(): Promise<void> {
  const settings = readSettings();
  const authority = new SiiFakeAuthority({
    unknownRuts: settings.unknownRuts,
    estUpDelaysMs: settings.estUpDelayMs,
    cafIdk: settings.cafIdk,
    authorityKey: loadOrCreateAuthorityKey(settings.dataDir, settings.cafIdk),
  });
  const server = await startSiiFakeServer(authority, { port: settings.port, host: settings.host });
  process.stdout.write(JSON.stringify({ event: 'listening', url: server.url }) + '\n');
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
