// Prints `<app>` and every project it depends on, directly or not, comma-separated, from Nx's project
// graph (imports and implicitDependencies): the projects whose tests an app's pipeline must run.
//   node .github/workflows/scripts/project-closure.js tax-gateway
const { execFileSync } = require('node:child_process');
const { mkdtempSync, readFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const app = process.argv[2];
if (!app) {
  process.stderr.write('usage: project-closure.js <project>\n');
  process.exit(2);
}
const file = join(mkdtempSync(join(tmpdir(), 'nx-graph-')), 'graph.json');
execFileSync('npx', ['nx', 'graph', `--file=${file}`], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, NX_DAEMON: 'false' },
});
const { dependencies } = JSON.parse(readFileSync(file, 'utf8')).graph;
if (!dependencies[app]) {
  process.stderr.write(`unknown project ${app}\n`);
  process.exit(1);
}
const seen = new Set([app]);
const queue = [app];
while (queue.length > 0) {
  for (const { target } of dependencies[queue.shift()] ?? []) {
    if (dependencies[target] && !seen.has(target)) {
      seen.add(target);
      queue.push(target);
    }
  }
}
process.stdout.write([...seen].sort().join(',') + '\n');
