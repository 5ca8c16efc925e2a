// Jest globalTeardown: stops the PostgreSQL started by global-setup.ts and deletes its data directory.
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';

const holder = globalThis as typeof globalThis & { __testEmbeddedPg?: { dataDir: string; stop(): Promise<void> } };

export default async function globalTeardown(): Promise<void> {
  const server = holder.__testEmbeddedPg;
  if (!server) return;
  await server.stop();
  rmSync(dirname(server.dataDir), { recursive: true, force: true });
  holder.__testEmbeddedPg = undefined;
}
