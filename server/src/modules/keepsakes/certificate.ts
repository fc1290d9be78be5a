import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { shortenAtWord, type CallRecap } from '@santa/shared/recap';

export interface CertificateContent {
  /** The child's first name; null when the family has no profile now. */
  childName: string | null;
  calledAt: Date;
  recap: CallRecap | null;
}

const RED = rgb(0.7, 0.11, 0.13);
const GREEN = rgb(0.09, 0.4, 0.24);
const GOLD = rgb(0.85, 0.65, 0.13);
const INK = rgb(0.16, 0.13, 0.12);
const CREAM = rgb(1, 0.98, 0.94);
const STAR =
  'M 0 -10 L 2.9 -4 L 9.5 -3.1 L 4.7 1.5 L 5.9 8.1 L 0 5 L -5.9 8.1 L -4.7 1.5 L -9.5 -3.1 L -2.9 -4 Z';
/** US Letter, landscape: what most home printers hold (A4 prints it with a little more margin). */
const WIDTH = 792;
const HEIGHT = 612;
const MAX_LINES = 3;
const LINE_LENGTH = 80;

/**
 * The standard PDF fonts draw only WinAnsi characters, and embedding our own fonts would make a
 * certificate many times larger: letters with accents they lack lose the accent, anything else
 * (emoji, other scripts) is left out rather than failing the whole certificate.
 */
function drawable(text: string, font: PDFFont): string {
  const known = new Set(font.getCharacterSet());
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (known.has(char.codePointAt(0)!)) out += char;
    else {
      const base = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      if ([...base].every((c) => known.has(c.codePointAt(0)!))) out += base;
    }
  }
  // A dropped emoji must not leave a space before the closing quote.
  return out
    .replace(/\s+/g, ' ')
    .replace(/ ([”’.,!?])/g, '$1')
    .trim();
}

function centred(page: PDFPage, text: string, y: number, font: PDFFont, size: number, color = INK) {
  const clean = drawable(text, font);
  let fit = size;
  while (fit > 10 && font.widthOfTextAtSize(clean, fit) > WIDTH - 160) fit -= 1;
  page.drawText(clean, { x: (WIDTH - font.widthOfTextAtSize(clean, fit)) / 2, y, size: fit, font, color });
}

/** A few of the child's own lines: wishes first, then what they were proud of, then promises. */
export function certificateLines(recap: CallRecap | null): string[] {
  if (!recap) return [];
  const lines = [
    ...recap.wishes.slice(0, 2).map((wish) => `Wished for: “${wish}”`),
    ...recap.news.slice(0, 1).map((news) => `Told Santa: “${news}”`),
    ...recap.promises.slice(0, 1).map((promise) => `Promised: “${promise}”`),
  ];
  return lines.slice(0, MAX_LINES).map((line) => shortenAtWord(line, LINE_LENGTH));
}

function decorate(page: PDFPage) {
  page.drawRectangle({ x: 0, y: 0, width: WIDTH, height: HEIGHT, color: CREAM });
  page.drawRectangle({
    x: 24,
    y: 24,
    width: WIDTH - 48,
    height: HEIGHT - 48,
    borderColor: RED,
    borderWidth: 6,
  });
  page.drawRectangle({
    x: 38,
    y: 38,
    width: WIDTH - 76,
    height: HEIGHT - 76,
    borderColor: GOLD,
    borderWidth: 1.5,
  });
  const corners: [number, number][] = [
    [62, HEIGHT - 62],
    [WIDTH - 62, HEIGHT - 62],
    [62, 62],
    [WIDTH - 62, 62],
  ];
  for (const [x, y] of corners) page.drawSvgPath(STAR, { x, y, color: GOLD, scale: 1.3 });
  // A sprig of holly above the title: two leaves and three berries.
  page.drawEllipse({ x: WIDTH / 2 - 16, y: HEIGHT - 78, xScale: 16, yScale: 7, color: GREEN });
  page.drawEllipse({ x: WIDTH / 2 + 16, y: HEIGHT - 78, xScale: 16, yScale: 7, color: GREEN });
  for (const dx of [-6, 0, 6])
    page.drawCircle({ x: WIDTH / 2 + dx, y: HEIGHT - 72 + (dx === 0 ? 4 : 0), size: 4.5, color: RED });
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "Nice List certificate": one landscape page, festive but clean, ready to print. */
export async function renderCertificate(content: CertificateContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const name = content.childName ?? 'A wonderful child';
  pdf.setTitle(`Nice List certificate for ${name}`);
  pdf.setAuthor('Santa Claus');
  pdf.setCreator('Santa Calls');
  pdf.setProducer('Santa Calls');
  pdf.setCreationDate(content.calledAt);
  pdf.setModificationDate(content.calledAt);
  const page = pdf.addPage([WIDTH, HEIGHT]);
  const display = await pdf.embedFont(StandardFonts.TimesRomanBoldItalic);
  const serif = await pdf.embedFont(StandardFonts.TimesRoman);
  const italic = await pdf.embedFont(StandardFonts.TimesRomanItalic);
  const sans = await pdf.embedFont(StandardFonts.Helvetica);
  const sansBold = await pdf.embedFont(StandardFonts.HelveticaBold);
  decorate(page);

  const year = content.calledAt.getUTCFullYear();
  centred(page, 'OFFICIAL NORTH POLE DOCUMENT', HEIGHT - 112, sansBold, 11, GREEN);
  centred(page, 'Nice List Certificate', HEIGHT - 170, display, 54, RED);
  centred(page, 'This is to certify that', HEIGHT - 212, italic, 18);
  centred(page, name, HEIGHT - 272, display, 46, INK);
  page.drawLine({
    start: { x: WIDTH / 2 - 190, y: HEIGHT - 284 },
    end: { x: WIDTH / 2 + 190, y: HEIGHT - 284 },
    thickness: 1,
    color: GOLD,
  });
  centred(page, `is on Santa's Nice List for Christmas ${year}`, HEIGHT - 314, serif, 20);
  centred(
    page,
    `after a phone call with Santa on ${dateFormat.format(content.calledAt)}`,
    HEIGHT - 338,
    italic,
    14,
  );

  certificateLines(content.recap).forEach((line, index) => {
    centred(page, line, HEIGHT - 384 - index * 22, sans, 12.5, INK);
  });

  page.drawLine({
    start: { x: WIDTH - 292, y: 112 },
    end: { x: WIDTH - 112, y: 112 },
    thickness: 1,
    color: INK,
  });
  page.drawText('Santa Claus', {
    x: WIDTH - 202 - display.widthOfTextAtSize('Santa Claus', 28) / 2,
    y: 120,
    size: 28,
    font: display,
    color: RED,
  });
  page.drawText('Santa Claus, North Pole', {
    x: WIDTH - 202 - sans.widthOfTextAtSize('Santa Claus, North Pole', 10) / 2,
    y: 96,
    size: 10,
    font: sans,
    color: INK,
  });
  page.drawSvgPath(STAR, { x: 202, y: 112, color: RED, scale: 3.2 });
  page.drawText('Ho ho ho!', {
    x: 202 - serif.widthOfTextAtSize('Ho ho ho!', 14) / 2,
    y: 72,
    size: 14,
    font: italic,
    color: GREEN,
  });
  return pdf.save();
}
