import { pino, type Logger } from 'pino';

/** One logger (style rule 7). Bodies, names, phone numbers and transcripts never reach it. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-session-id"]',
        'res.headers["set-cookie"]',
      ],
      remove: true,
    },
  });
}
