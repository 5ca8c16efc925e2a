import { Client } from 'pg';

/** An idle connection that tells when the database server went away. */
export interface DatabaseWatch {
  /** Resolves (with why) when the connection ends without `close()`: the server died or was stopped. */
  lost: Promise<string>;
  close(): Promise<void>;
}

/**
 * Holds one idle connection to the launcher's embedded PostgreSQL, so that its death is an event (the
 * connection ends; PostgreSQL's backends exit with their postmaster) rather than something to poll for:
 * the embedded server's handle does not expose its process.
 * @throws the connection error when the server does not answer now.
 */
export async function watchDatabase(url: string): Promise<DatabaseWatch> {
  const client = new Client({ connectionString: url, application_name: 'npm-start-watch' });
  let closing = false;
  const lost = new Promise<string>((resolve) => {
    client.on('error', (err) => !closing && resolve(`connection lost: ${err.message}`));
    client.on('end', () => !closing && resolve('connection closed'));
  });
  await client.connect();
  return {
    lost,
    close: async () => {
      closing = true;
      await client.end();
    },
  };
}
