import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@lib/platform';
import { ImapFlow } from 'imapflow';

/** A throwaway dovecot IMAP server (plaintext on 127.0.0.1) for the adapter tests. */
export interface DovecotHandle {
  host: string;
  port: number;
  user: string;
  password: string;
  /** Temporary directory holding the configuration, sockets and the maildir. */
  dir: string;
  /** What dovecot logged so far (its log file); useful when a test fails. */
  log(): string;
  stop(): Promise<void>;
}

/** Where Debian's dovecot-core puts the binary (`apt-get install -y dovecot-imapd`). */
export const DOVECOT_BINARY = process.env.DOVECOT_BINARY ?? '/usr/sbin/dovecot';

/** uid/gid the mail processes run as: dovecot refuses root for mail access, `nobody` always exists. */
const MAIL_ID = 65534;

function config(dir: string, port: number): string {
  return `# Written by apps/accounting/test/support/imap/dovecot.ts for one test run.
protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = poller-test-${port}
log_path = ${dir}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
mail_location = maildir:${dir}/mail/%u
mail_uid = ${MAIL_ID}
mail_gid = ${MAIL_ID}
first_valid_uid = 1
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${MAIL_ID} gid=${MAIL_ID} home=${dir}/mail/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`;
}

function waitForPort(port: number, deadline: number, exited: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (exited()) return reject(new Error('dovecot exited during startup'));
      const socket = createConnection({ host: '127.0.0.1', port });
      socket.once('data', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`dovecot did not listen on ${port}`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/**
 * Starts `dovecot -F -c <conf>` as a child process with a generated configuration in a fresh temp
 * directory: IMAP on 127.0.0.1 and a free port, plaintext auth, one passwd-file user, maildir storage.
 * Must run as root (dovecot's master drops privileges to its `dovecot`/`dovenull` users, which the
 * Debian package creates, and mail processes run as `nobody`).
 * @throws when the binary is missing or the server does not greet within 15 s (the log is in the message).
 */
export async function startDovecot(): Promise<DovecotHandle> {
  if (!existsSync(DOVECOT_BINARY)) {
    throw new Error(`${DOVECOT_BINARY} not found: install Debian's dovecot-imapd (apt-get install -y dovecot-imapd)`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'poller-dovecot-'));
  chmodSync(dir, 0o755); // login processes (dovenull) must traverse to base_dir
  mkdirSync(join(dir, 'mail'));
  chownSync(join(dir, 'mail'), MAIL_ID, MAIL_ID);
  const user = 'dte-inbox';
  const password = 'test-password-1';
  writeFileSync(join(dir, 'passwd'), `${user}:{PLAIN}${password}\n`);
  const port = await freePort();
  writeFileSync(join(dir, 'dovecot.conf'), config(dir, port));

  // Logs go to a file, not to pipes: dovecot's helper processes would inherit the pipes and keep
  // this Jest worker alive after the master exits.
  const logFile = join(dir, 'dovecot.log');
  const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
  let exited = false;
  const child: ChildProcess = spawn(DOVECOT_BINARY, ['-F', '-c', join(dir, 'dovecot.conf')], { stdio: 'ignore' });
  child.once('exit', () => (exited = true));
  const stop = async () => {
    if (!exited) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM'); // the master stops its helper processes before it exits
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([gone, new Promise((r) => (timer = setTimeout(r, 5000)))]);
      clearTimeout(timer);
      if (!exited) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, Date.now() + 15_000, () => exited);
  } catch (e) {
    const text = log();
    await stop();
    throw new Error(`${(e as Error).message}\n${text}`);
  }
  return { host: '127.0.0.1', port, user, password, dir, log, stop };
}

/** An IMAP client logged in as the test user (not connected yet), to append and inspect messages. */
export function imapAdmin(dovecot: DovecotHandle): ImapFlow {
  return new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    auth: { user: dovecot.user, pass: dovecot.password },
    logger: false,
  });
}
