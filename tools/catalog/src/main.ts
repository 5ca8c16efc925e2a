// Entry of `npm run catalog -- validate FILE [--json]` (see tools/catalog/README.md).
import { runCatalogCli } from './cli';

process.exitCode = runCatalogCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
