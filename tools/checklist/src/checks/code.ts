import { declaredDependencies, failed, passed, readText, rel, sourceFiles, type CheckContext, type CheckOutcome } from '../context';

/** docs/DESIGN.md §3 "Logging". */
export const JSON_LOGGING_PACKAGES = ['nestjs-pino', 'pino', 'pino-http'];
/** Its bootstrap installs nestjs-pino, so importing it is enough. */
export const PLATFORM_LIB = '@lib/platform';
export const AUTH_LIB = '@lib/auth';

const importsOf = (lib: string) => new RegExp(`(?:from\\s+|require\\(\\s*|import\\(\\s*)['"]${lib.replace('/', '\\/')}(?:\\/[^'"]*)?['"]`);

function firstSource(ctx: CheckContext, test: (text: string) => boolean): string | undefined {
  for (const file of sourceFiles(ctx.repo)) {
    const text = readText(file);
    if (text !== undefined && test(text)) return rel(ctx, file);
  }
  return undefined;
}

/** Spec 2, beta to public, item 2 ("structured JSON logging in the canonical form"). */
export function checkJsonLogging(ctx: CheckContext): CheckOutcome {
  const deps = declaredDependencies(ctx.repo) ?? {};
  const dep = JSON_LOGGING_PACKAGES.find((name) => name in deps);
  if (dep) return passed(`package.json depends on ${dep}`);
  const file = firstSource(ctx, (text) => importsOf(PLATFORM_LIB).test(text));
  if (file) return passed(`${file} imports ${PLATFORM_LIB} (nestjs-pino JSON logging)`);
  return failed(
    `no JSON logger: package.json dependencies have none of ${JSON_LOGGING_PACKAGES.join(', ')} and no source imports ${PLATFORM_LIB}`,
  );
}

/** Spec 2, beta to public, item 3 ("OIDC integration through the shared library"); an "equivalent" one is attested by an admin. */
export function checkOidc(ctx: CheckContext): CheckOutcome {
  const file = firstSource(ctx, (text) => importsOf(AUTH_LIB).test(text) && /\bOidc\w*/.test(text));
  if (file) return passed(`${file} uses the OIDC guard of ${AUTH_LIB}`);
  const deps = declaredDependencies(ctx.repo) ?? {};
  if (AUTH_LIB in deps) return passed(`package.json depends on ${AUTH_LIB}`);
  return failed(`no source imports ${AUTH_LIB} and uses its Oidc guard, and package.json does not depend on ${AUTH_LIB}`);
}
