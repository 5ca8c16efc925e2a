import pino, { type Logger } from 'pino';
import { REDACT_PATHS } from './logging';
import { logSerializers } from './redaction';

/** Exit code of a process ended by {@link exitOnUncaughtErrors}. */
export const CRASH_EXIT_CODE = 1;

let installed: { exception: (err: unknown) => void; rejection: (reason: unknown) => void } | undefined;

/**
 * Ends the process loudly on an uncaught exception (thrown in a library callback: a timer, a stream, zlib, a
 * socket) or an unhandled promise rejection: one fatal JSON line on `logger` (`event`, and `err` through the
 * platform's serializers: type, message and stack, never request configuration nor SQL parameters), then
 * exit code {@link CRASH_EXIT_CODE}, so that the supervisor (`npm start`, the container's restart policy)
 * starts a fresh process. Resuming is unsafe (Node's docs, "Warning: using 'uncaughtException' correctly"):
 * the exception may have left the process's state half-updated. Node's own default also exits, but writes
 * a bare stack trace to stderr, outside the structured logs. Calling it again swaps the logger (bootstrapApp
 * installs it with a boot logger, then with the app's).
 * @returns a function that removes the handlers.
 */
export function exitOnUncaughtErrors(logger: Logger, exit: (code: number) => void = (code) => process.exit(code)): () => void {
  removeCrashHandlers();
  const die = (event: string, message: string, reason: unknown) => {
    try {
      const err = reason instanceof Error ? reason : new Error(`non-Error value: ${String(reason)}`);
      logger.fatal({ event, err }, `${message}; exiting (code ${CRASH_EXIT_CODE}) for the supervisor to restart the process`);
    } finally {
      exit(CRASH_EXIT_CODE);
    }
  };
  const handlers = {
    exception: (err: unknown) => die('uncaught_exception', 'uncaught exception', err),
    rejection: (reason: unknown) => die('unhandled_rejection', 'unhandled promise rejection', reason),
  };
  process.on('uncaughtException', handlers.exception);
  process.on('unhandledRejection', handlers.rejection);
  installed = handlers;
  return removeCrashHandlers;
}

function removeCrashHandlers(): void {
  if (!installed) return;
  process.removeListener('uncaughtException', installed.exception);
  process.removeListener('unhandledRejection', installed.rejection);
  installed = undefined;
}

/**
 * A JSON logger for the time before the app's settings (LOG_LEVEL, pretty output) are known: stdout, with
 * the platform's redaction and error serializers.
 */
export function bootLogger(appName: string): Logger {
  return pino({ name: appName, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, serializers: logSerializers });
}
