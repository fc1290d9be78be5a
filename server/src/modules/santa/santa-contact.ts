import type { HotlineNumber } from '@santa/shared/santa';
import { SANTA_PHOTO_JPEG_BASE64 } from './santa-photo.ts';

/** vCard text values escape backslash, comma, semicolon and line breaks (RFC 2426 §4). */
function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\r?\n/g, '\\n');
}

/** Content lines longer than 75 octets are folded: CRLF then one space (RFC 2425 §5.8.1). */
function fold(line: string): string {
  if (line.length <= 75) return line;
  const parts = [line.slice(0, 75)];
  for (let i = 75; i < line.length; i += 74) parts.push(` ${line.slice(i, i + 74)}`);
  return parts.join('\r\n');
}

/**
 * Santa's contact card (vCard 3.0, which iOS, Android and desktop address books all read) with
 * his picture embedded, so the child sees Santa's face when the parent's phone rings him.
 */
export function santaContactCard(hotline: HotlineNumber, publicUrl: string): string {
  const note =
    hotline.type === 'dedicated'
      ? "Your family's own line to Santa at the North Pole."
      : 'The Santa hotline: call from a family phone so Santa knows who is calling.';
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    'N:Claus;Santa;;;',
    'FN:Santa Claus',
    'ORG:North Pole',
    `TEL;TYPE=CELL,VOICE:${hotline.phone_number}`,
    `NOTE:${escapeText(note)}`,
    `URL:${escapeText(publicUrl)}`,
    `PHOTO;ENCODING=b;TYPE=JPEG:${SANTA_PHOTO_JPEG_BASE64}`,
    'END:VCARD',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
