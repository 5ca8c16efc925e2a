/** Usage line of the operator command. */
export const OPERATOR_USAGE = 'usage: operator-cli demote-to-internal <slug> --reason "<why>" [--operator <name>]';

/** Parses `demote-to-internal <slug> --reason <why> [--operator <name>]`; undefined on bad usage. */
export function parseArgs(argv: string[]): { slug: string; reason: string; operator: string } | undefined {
  const [command, slug, ...rest] = argv;
  if (command !== 'demote-to-internal' || !slug || slug.startsWith('--')) return undefined;
  const options: Record<string, string> = {};
  for (let i = 0; i < rest.length; i += 2) {
    if (!rest[i]?.startsWith('--') || rest[i + 1] === undefined) return undefined;
    options[rest[i].slice(2)] = rest[i + 1];
  }
  if (!options.reason || Object.keys(options).some((k) => k !== 'reason' && k !== 'operator')) return undefined;
  return { slug, reason: options.reason, operator: options.operator ?? process.env.USER ?? 'operator' };
}
