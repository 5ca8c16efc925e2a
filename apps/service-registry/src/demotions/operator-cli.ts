/**
 * Operator command: demote a service to internal now, deactivating its contracts and releasing its
 * held credits in one transaction (see docs/service-registry.md).
 *
 *   DATABASE_URL=postgres://... INTERNAL_KEYS=... SWC_NODE_PROJECT=tsconfig.base.json \
 *     node -r @swc-node/register apps/service-registry/src/demotions/operator-cli.ts \
 *     demote-to-internal <slug> --reason "why" [--operator name]
 *
 * Prints one JSON line with the result; exit code 0 on success, 1 on failure, 2 on bad usage.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { createFastifyAdapter, loadConfig } from '@lib/platform';
import { AppModule } from '../app.module';
import { ServiceRegistryConfig } from '../config';
import { OPERATOR_USAGE, parseArgs } from './operator-args';
import { demoteToInternalNow } from './operator-demotion';

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (!args) {
    process.stderr.write(`${OPERATOR_USAGE}\n`);
    return 2;
  }
  process.env.SCHEDULER_INTERVAL_MS = '0';
  process.env.LOG_LEVEL ??= 'warn';
  // A full (never listening) app rather than an application context: platform providers such as the
  // metrics hook expect the HTTP adapter. Migrations run at init as at every boot.
  const app = await NestFactory.create(AppModule, createFastifyAdapter(loadConfig(ServiceRegistryConfig)), { logger: ['error'] });
  await app.init();
  try {
    const result = await demoteToInternalNow(app, args.slug, { reason: args.reason, operator: args.operator });
    process.stdout.write(`${JSON.stringify({ ok: true, ...result })}\n`);
    return 0;
  } catch (err) {
    process.stdout.write(`${JSON.stringify({ ok: false, error: (err as Error).message })}\n`);
    return 1;
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`operator-cli failed: ${(err as Error).stack ?? String(err)}\n`);
      process.exit(1);
    },
  );
}
