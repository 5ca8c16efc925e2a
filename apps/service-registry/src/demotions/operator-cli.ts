/** Operator command: demote a service to internal now (usage and exit codes: docs/service-registry.md "Operator command"). */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { createFastifyAdapter, loadConfig } from '@lib/platform';
import { ServiceRegistryConfig } from '../config';
import { OPERATOR_USAGE, parseArgs } from './operator-args';
import { demoteToInternalNow } from './operator-demotion';
import { OperatorModule } from './operator.module';

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (!args) {
    process.stderr.write(`${OPERATOR_USAGE}\n`);
    return 2;
  }
  process.env.SCHEDULER_INTERVAL_MS = '0';
  process.env.LOG_LEVEL ??= 'warn';
  // An HTTP app (never listening), not an application context: the platform's metrics hook expects the adapter.
  const app = await NestFactory.create(OperatorModule, createFastifyAdapter(loadConfig(ServiceRegistryConfig)), { logger: ['error'] });
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
