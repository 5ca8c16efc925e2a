import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// The project's runtime is the Node.js the repository pins (README "Prerequisites"): npm scripts run on the binary of
// the optional dependency node-<platform>-<arch> (node_modules/.bin/node comes first on their PATH), whatever Node.js
// runs npm itself. This test is what makes a run of the suite on another runtime fail.
const root = resolve(__dirname, '../../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};

describe('the runtime', () => {
  it('is the Node.js major the project declares (engines)', () => {
    const major = /^>=(\d+)\./.exec(pkg.engines.node)?.[1];
    expect(major).toBe('24');
    expect(process.versions.node.split('.')[0]).toBe(major);
  });

  it('is exactly the pinned binary where the platform has one', () => {
    const pinned = pkg.optionalDependencies[`node-${process.platform}-${process.arch}`];
    if (!existsSync(join(root, 'node_modules', `node-${process.platform}-${process.arch}`))) return;
    expect(process.version).toBe(`v${pinned}`);
    expect(process.execPath).toContain(join('node_modules', `node-${process.platform}-${process.arch}`));
  });
});
