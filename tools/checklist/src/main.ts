// Entry of `npm run checklist -- ...` (see tools/checklist/README.md).
import { runChecklistCli } from './cli';

runChecklistCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`checklist: ${(err as Error).stack ?? String(err)}\n`);
    process.exitCode = 2;
  },
);
