import type { Request, Response } from 'express';
import type { ByteRange } from '@santa/shared/byte-range';
import { parseByteRange } from './byte-range.ts';

/** A stored recording someone may play: its size, and its bytes (null once the file is gone). */
export interface PlayableRecording {
  size: number;
  read(range?: ByteRange): Promise<Buffer | null>;
}

/**
 * Sends a recording as an MP3, honouring one byte range: browsers' audio players seek (and Safari
 * plays at all) only when ranges are answered with 206.
 */
export async function sendRecording(
  req: Request,
  res: Response,
  recording: PlayableRecording,
): Promise<void> {
  res.set({
    'Content-Type': 'audio/mpeg',
    'Accept-Ranges': 'bytes',
    'Content-Disposition': 'inline; filename="santa-call.mp3"',
  });
  const range = parseByteRange(req.get('range') ?? undefined, recording.size);
  if (range === 'unsatisfiable') {
    res.status(416).set('Content-Range', `bytes */${recording.size}`).type('application/json');
    res.send(JSON.stringify({ detail: 'Requested range not satisfiable', code: 'range_not_satisfiable' }));
    return;
  }
  const bytes = await recording.read(range);
  if (!bytes) {
    res.status(404).json({ detail: 'This call has no recording', code: 'not_found' });
    return;
  }
  if (range) {
    res.status(206).set('Content-Range', `bytes ${range.start}-${range.end}/${recording.size}`);
  }
  res.set('Content-Length', String(bytes.length)).end(bytes);
}
