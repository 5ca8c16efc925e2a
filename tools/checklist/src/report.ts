import type { ChecklistReport } from './run';

const LABEL = { passed: 'PASS', failed: 'FAIL', not_applicable: 'N/A ' } as const;

/** The human-readable report: results grouped by gate, then the verdict. */
export function formatReport(report: ChecklistReport, repo: string, styleRepo: string): string {
  const lines = [
    `Marketplace checklist for "${report.slug}" up to ${report.target}`,
    `  service repository: ${repo}`,
    `  style repository:   ${styleRepo}`,
  ];
  const width = Math.max(...report.results.map((r) => r.id.length));
  let gate = '';
  for (const r of report.results) {
    if (r.gate !== gate) {
      gate = r.gate;
      lines.push('', gate);
    }
    lines.push(`  ${LABEL[r.status]}  ${r.id.padEnd(width)}  ${r.detail}`);
  }
  lines.push('', `Checked by the registry, not here: ${report.registry_items.join(', ')}`);
  const { passed, failed, not_applicable } = report.summary;
  const tally = `${passed} passed, ${failed} failed, ${not_applicable} not applicable`;
  lines.push(report.passed ? `Result: PASSED (${tally})` : `Result: FAILED (${tally})`);
  return lines.join('\n');
}
