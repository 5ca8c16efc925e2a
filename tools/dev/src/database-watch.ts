import { Client } from 'pg';

export interface DatabaseWatch {
  /** Resolves (with why) when the connection ends without `close()`. */
  lost: Promise<string>;
  close(): Promise<void>;
}

/**
 * An idle connection makes the embedded server's death an event (its backends exit with the postmaster), since its handle does
 * not expose the process. @throws the connection error when the server does not answer now.
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
