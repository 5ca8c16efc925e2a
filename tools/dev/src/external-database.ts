import { Client } from 'pg';

/** One database per app on a DATABASE_URL server (docs/DESIGN.md §1), created when missing. */
export async function ensureDatabases(serverUrl: string, names: string[]): Promise<Record<string, string>> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const urls: Record<string, string> = {};
    for (const name of names) {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      urls[name] = url.toString();
    }
    return urls;
  } finally {
    await client.end();
  }
}
