import { formatFiles, type Tree } from '@nx/devkit';
import {
  areaNames,
  controllerFile,
  dtoFile,
  entityFile,
  entityStoreFile,
  migrationFile,
  moduleFile,
  serviceFile,
  serviceSpecFile,
  sqlStoreFile,
  type AreaNames,
} from './templates';

export interface AreaSchema {
  app: 'tax-gateway' | 'accounting' | 'service-registry';
  name: string;
  callers?: string;
  timestamp?: number;
}

/**
 * `nx g @tools/generators:area --app=<app> <name>`: a new area in the shape docs/ARCHITECTURE.md "One area, one shape"
 * describes, wired into the app (AppModule, the entity list, a migration listed in its index). Accounting's area gets
 * a SQL store and no entity (docs/accounting.md "Data model").
 * @throws Error when the area exists or an app file no longer has the shape the wiring expects.
 */
export default async function areaGenerator(tree: Tree, schema: AreaSchema): Promise<() => void> {
  const src = `apps/${schema.app}/src`;
  if (!tree.exists(`${src}/app.module.ts`)) throw new Error(`No app ${schema.app} (${src}/app.module.ts).`);
  const n = areaNames(schema.app, schema.name, schema.callers ?? 'admin', schema.timestamp ?? nextTimestamp(tree, src));
  const dir = `${src}/${n.file}`;
  if (tree.exists(dir)) throw new Error(`${dir} already exists.`);
  const sql = schema.app === 'accounting';
  tree.write(`${dir}/${n.file}.module.ts`, moduleFile(n));
  tree.write(`${dir}/${n.file}.controller.ts`, controllerFile(n));
  tree.write(`${dir}/${n.file}.service.ts`, serviceFile(n));
  tree.write(`${dir}/${n.file}.service.spec.ts`, serviceSpecFile(n));
  tree.write(`${dir}/${n.file}.store.ts`, sql ? sqlStoreFile(n) : entityStoreFile(n));
  tree.write(`${dir}/dto/${n.file}.dto.ts`, dtoFile(n));
  if (!sql) {
    tree.write(`${dir}/entities/${n.file}.entity.ts`, entityFile(n));
    addToList(
      tree,
      `${src}/database/data-source.ts`,
      'export const entities = [',
      `${n.className}Entity`,
      `../${n.file}/entities/${n.file}.entity`,
    );
  }
  const stamp = n.migration.slice(n.className.length);
  tree.write(`${src}/database/migrations/${stamp}-${n.className}.ts`, migrationFile(n));
  addToList(tree, `${src}/database/migrations/index.ts`, 'export const migrations', n.migration, `./${stamp}-${n.className}`);
  addToList(tree, `${src}/app.module.ts`, 'imports: [', `${n.className}Module`, `./${n.file}/${n.file}.module`);
  await formatFiles(tree);
  return () => console.log(nextSteps(schema.app, n));
}

/** Imports `symbol` from `from` in `path` and appends it to the array literal that opens at `opening`. */
function addToList(tree: Tree, path: string, opening: string, symbol: string, from: string): void {
  const text = tree.read(path, 'utf8');
  if (text === null) throw new Error(`${path} is missing.`);
  const start = text.indexOf(opening);
  if (start < 0) throw new Error(`${path} has no "${opening}": add ${symbol} by hand.`);
  const open = text.indexOf('[', start);
  const close = matchingBracket(text, open);
  const body = text.slice(open + 1, close).trimEnd();
  const joined = `${body}${body.endsWith(',') || body.trim() === '' ? '' : ','}\n${symbol},\n`;
  const listed = text.slice(0, open + 1) + joined + text.slice(close);
  tree.write(path, addImport(listed, symbol, from));
}

/** Now in ms, or after the app's last migration when that one is dated later (TypeORM runs them by timestamp). */
function nextTimestamp(tree: Tree, src: string): number {
  const stamps = tree
    .children(`${src}/database/migrations`)
    .map((f) => Number(/^(\d+)-/.exec(f)?.[1] ?? 0))
    .filter((t) => t > 0);
  return Math.max(Date.now(), ...stamps.map((t) => t + 1));
}

function matchingBracket(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '[') depth++;
    if (text[i] === ']' && --depth === 0) return i;
  }
  throw new Error('unbalanced brackets');
}

function addImport(text: string, symbol: string, from: string): string {
  const lines = text.split('\n');
  let last = -1;
  lines.forEach((l, i) => {
    if (/^import .* from '.*';$/.test(l)) last = i;
  });
  lines.splice(last + 1, 0, `import { ${symbol} } from '${from}';`);
  return lines.join('\n');
}

function nextSteps(app: string, n: AreaNames): string {
  return [
    `Area ${n.file} created in apps/${app}/src/${n.file} (routes /${n.route}).`,
    `Next: add its routes to apps/${app}/test/callers.e2e-spec.ts (${n.callers.join(', ')}), an e2e spec against the`,
    `database in apps/${app}/test/, and a section in docs/${app}.md. The hostile-input suite finds the routes in OpenAPI.`,
  ].join('\n');
}
