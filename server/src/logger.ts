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
  return destination ? pino(options, destination) : pino(options);
}
