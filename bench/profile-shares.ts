// Where a process spent its CPU: the self time of a V8 CPU profile (node --cpu-prof, e.g. BENCH_CPU_PROF=DIR with the
// gateway-read benchmark) grouped by package (node_modules/<name>), by the repository's app or lib, by Node's own code,
// and by GC, idle and program time, largest first. Profile before optimizing (docs/ARCHITECTURE.md "Checks").
//
//   node tools/dev/bin.js bench bench/profile-shares.ts FILE.cpuprofile [top=25]
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The group of a frame: `node_modules/<package>`, `apps/<app>`, `libs/<lib>`, `node:internal`, or V8's own entries. */
export function groupOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const own = /\/((?:apps|libs)\/[^/]+)\//.exec(url);
  if (own) return own[1];
  if (url.startsWith('node:')) return 'node:internal';
  return url.includes('dist/apps/') ? `dist (${url.split('/').pop()})` : url;
}

/** Self time per group, in ms, largest first. */
export function shares(profile: Profile): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const total = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const group = node ? groupOf(node.callFrame) : '(unknown)';
    total.set(group, (total.get(group) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...total.entries()].sort((a, b) => b[1] - a[1]);
}

export async function main(): Promise<number> {
  const [file, top = '25'] = process.argv.slice(2);
  if (!file) throw new Error('usage: node tools/dev/bin.js bench bench/profile-shares.ts FILE.cpuprofile [top]');
  const rows = shares(JSON.parse(readFileSync(file, 'utf8')) as Profile);
  const busy = rows.filter(([g]) => g !== '(idle)').reduce((s, [, ms]) => s + ms, 0);
  console.log(`${file}: ${busy.toFixed(0)} ms busy`);
  for (const [group, ms] of rows.slice(0, Number(top))) {
    if (group === '(idle)') continue;
    console.log(`${((ms / busy) * 100).toFixed(1).padStart(5)} %  ${ms.toFixed(0).padStart(7)} ms  ${group}`);
  }
  return rows.length > 0 ? 0 : 3;
}
