import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { failed, passed, readText, type CheckContext, type CheckOutcome } from '../context';

export const WORKFLOWS_DIR = join('.github', 'workflows');
export const DEFAULT_COVERAGE_FILE = join('coverage', 'coverage-summary.json');
/** Spec 2, Limits: "Coverage required for public: at least 60 percent". */
export const MIN_COVERAGE_PCT = 60;

/** Spec 2, preview to beta, item 3: a workflow with a non-comment line (job id, `name:`, `run:`) containing "smoke". */
export function checkSmokeTests(ctx: CheckContext): CheckOutcome {
  const dir = join(ctx.repo, WORKFLOWS_DIR);
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => /\.ya?ml$/.test(f))
      .sort();
  } catch {
    return failed(`${WORKFLOWS_DIR}/ not found: no CI workflow`);
  }
  for (const file of files) {
    const lines = (readText(join(dir, file)) ?? '').split(/\r?\n/);
    const index = lines.findIndex((l) => !/^\s*#/.test(l) && /smoke/i.test(l));
    if (index >= 0) {
      return passed(`${relative(ctx.repo, join(dir, file))}:${index + 1} ${lines[index].trim()}`);
    }
  }
  return failed(`no workflow in ${WORKFLOWS_DIR}/ runs smoke tests (no job, step name or command mentioning "smoke")`);
}

/** Spec 2, beta to public, item 1: istanbul `json-summary` `total.lines.pct` (default coverage/coverage-summary.json). */
export function checkCoverage(ctx: CheckContext): CheckOutcome {
  const file = relative(ctx.repo, ctx.coverageFile) || ctx.coverageFile;
  const text = readText(ctx.coverageFile);
  if (text === undefined) {
    return failed(`${file} not found (run the tests with coverage and the json-summary reporter before this check)`);
  }
  let pct: unknown;
  try {
    pct = JSON.parse(text)?.total?.lines?.pct;
  } catch (err) {
    return failed(`${file} is not valid JSON (${(err as Error).message})`);
  }
  if (typeof pct !== 'number') return failed(`${file} has no numeric total.lines.pct`);
  const summary = `line coverage ${pct}% (minimum ${MIN_COVERAGE_PCT}%) from ${file}`;
  return pct >= MIN_COVERAGE_PCT ? passed(summary) : failed(summary);
}
