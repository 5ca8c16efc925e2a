// docs/tax-gateway.md "Carpeta tributaria": exit 1 with a one-line reason when unreadable or not a carpeta.
import { readFileSync } from 'node:fs';
import { CarpetaParseError, decodeHtml, parseCarpetaTributaria } from '@lib/portal';

function main(args: string[]): number {
  const file = args.find((a) => !a.startsWith('-'));
  if (!file) {
    process.stderr.write('usage: npm run -s cte:parse -- FILE.html\n');
    return 1;
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    process.stderr.write(`${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}\n`);
    return 1;
  }
  try {
    process.stdout.write(`${JSON.stringify(parseCarpetaTributaria(decodeHtml(bytes)), null, 2)}\n`);
    return 0;
  } catch (err) {
    if (!(err instanceof CarpetaParseError)) throw err;
    process.stderr.write(`${file}: ${err.message}\n`);
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
