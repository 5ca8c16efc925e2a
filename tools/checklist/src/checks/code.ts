import { declaredDependencies, failed, passed, readText, rel, sourceFiles, type CheckContext, type CheckOutcome } from '../context';

/** Runtime dependencies that write the canonical JSON log lines (pino; docs/DESIGN.md §3 "Logging"). */
export const JSON_LOGGING_PACKAGES = ['nestjs-pino', 'pino', 'pino-http'];
/** The shared platform library: its bootstrap installs nestjs-pino, so importing it is enough. */
export const PLATFORM_LIB = '@lib/platform';
/** The shared auth library, whose OIDC bearer guard is the platform's OIDC integration. */
export const AUTH_LIB = '@lib/auth';

const importsOf = (lib: string) => new RegExp(`(?:from\\s+|require\\(\\s*|import\\(\\s*)['"]${lib.replace('/', '\\/')}(?:\\/[^'"]*)?['"]`);

/** The first source file (relative path) whose text passes `test`. */
function firstSource(ctx: CheckContext, test: (text: string) => boolean): string | undefined {
  for (const file of sourceFiles(ctx.repo)) {
    const text = readText(file);
    if (text !== undefined && test(text)) return rel(ctx, file);
  }
  return undefined;
}

/**
 * Spec 2, Checklist beta to public, item 2 ("structured JSON logging in the canonical form"): a runtime
 * dependency on pino / nestjs-pino / pino-http in package.json, or source that imports @lib/platform.
 */
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

/**
 * Spec 2, Checklist beta to public, item 3 ("OIDC integration through the shared library"): source that
 * imports @lib/auth and uses its OIDC guard (an identifier starting with "Oidc"), or a runtime
 * dependency on @lib/auth declared in package.json (repositories outside the monorepo).
 * An "equivalent" integration cannot be recognised from files: an admin attests it in the registry.
 */
export function checkOidc(ctx: CheckContext): CheckOutcome {
  const file = firstSource(ctx, (text) => importsOf(AUTH_LIB).test(text) && /\bOidc\w*/.test(text));
  if (file) return passed(`${file} uses the OIDC guard of ${AUTH_LIB}`);
  const deps = declaredDependencies(ctx.repo) ?? {};
  if (AUTH_LIB in deps) return passed(`package.json depends on ${AUTH_LIB}`);
  return failed(`no source imports ${AUTH_LIB} and uses its Oidc guard, and package.json does not depend on ${AUTH_LIB}`);
}
