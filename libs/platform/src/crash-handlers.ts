import pino, { type Logger } from 'pino';
import { REDACT_PATHS } from './logging';
import { logSerializers } from './redaction';

export const CRASH_EXIT_CODE = 1;

let installed: { exception: (err: unknown) => void; rejection: (reason: unknown) => void } | undefined;

/**
 * Uncaught error: one redacted fatal line, then exit for the supervisor (docs/platform.md "Crashes and supervision"). Resuming is
 * unsafe (Node's docs, "Warning: using 'uncaughtException' correctly"); Node's own exit logs a bare stack. Returns the remover.
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

/** A redacting JSON logger on stdout for before the app's settings (LOG_LEVEL, pretty output) are known. */
export function bootLogger(appName: string): Logger {
  return pino({ name: appName, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, serializers: logSerializers });
}
