import { join } from 'node:path';
import madge from 'madge';

const root = join(__dirname, '../../..');

// docs/ARCHITECTURE.md "One area, one shape": no import cycle inside an app or a lib, specs included.
describe('import cycles', () => {
  it.each(['apps/tax-gateway', 'apps/accounting', 'apps/service-registry', 'libs'])(
    '%s has none',
    async (dir) => {
      const graph = await madge(join(root, dir), {
        fileExtensions: ['ts'],
        tsConfig: join(root, 'tsconfig.base.json'),
        excludeRegExp: [/node_modules/, /\.d\.ts$/],
      });
      expect(graph.circular()).toEqual([]);
    },
    120_000,
  );
});
