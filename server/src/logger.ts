import { pino, type DestinationStream, type Logger } from 'pino';
import { serializeError } from './log-serializers.ts';

/**
 * The one logger. Bodies, names, phone numbers and transcripts never reach it: errors go through a
 * whitelist serializer (log-serializers.ts) on both databases, and auth headers are removed.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    serializers: { err: serializeError, error: serializeError },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-session-id"]',
        'res.headers["set-cookie"]',
      ],
      remove: true,
    },
  };
  return pino(options, destination ?? bufferedStdout());
}

/** Lines are written when this many bytes wait, or every LOG_FLUSH_MS, whichever comes first. */
const LOG_BUFFER_BYTES = 4096;
const LOG_FLUSH_MS = 100;

/**
 * Standard output, written a few kilobytes at a time rather than a line at a time. A replica logs a
 * line per request; each write wakes the log driver reading the pipe, and on the bench's machines
 * that wake-up cost more than the line. The writes stay synchronous (nothing waits on a thread),
 * and the buffer is written out as the process exits, whatever ends it short of SIGKILL: a replica
 * killed outright loses its last 100 ms of lines at most.
 */
function bufferedStdout(): DestinationStream {
  const stream = pino.destination({
    dest: 1,
    sync: true,
    minLength: LOG_BUFFER_BYTES,
    periodicFlush: LOG_FLUSH_MS,
  });
  process.once('exit', () => {
    try {
      stream.flushSync();
    } catch {
      // Standard output is gone (its reader closed the pipe): nothing is left to write to.
    }
  });
  return stream;
}
