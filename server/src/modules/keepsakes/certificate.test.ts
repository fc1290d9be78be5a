/**
 * The Nice List certificate: a one-page PDF naming the child, the call's date and a few of the
 * child's own lines, for the parent and for whoever holds a working keepsake link.
 */
import { PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import supertest from 'supertest';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestContext, signUp, type TestContext } from '../../../test/test-app.ts';
import { familyWithKeepsake, share } from '../../../test/fixtures/keepsakes.ts';
import { certificateLines, renderCertificate } from './certificate.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** WinAnsi is Latin-1 but for 0x80–0x9F, where the typographer's quotes and dashes live. */
const WIN_ANSI_HIGH: Record<number, string> = {
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x96: '–',
  0x97: '—',
};
const winAnsi = (bytes: Buffer) =>
  [...bytes].map((byte) => WIN_ANSI_HIGH[byte] ?? String.fromCharCode(byte)).join('');

/** The text a PDF's first page draws: the standard fonts write each line as a hex string. */
async function textOf(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const contents = pdf.getPages()[0]!.node.Contents();
  const streams = contents && 'asArray' in contents ? contents.asArray() : [contents];
  let text = '';
  for (const ref of streams) {
    const stream = pdf.context.lookup(ref as never);
    if (!(stream instanceof PDFRawStream)) continue;
    const raw = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    for (const [, hex] of raw.matchAll(/<([0-9A-Fa-f]+)> Tj/g))
      text += `${winAnsi(Buffer.from(hex!, 'hex'))}\n`;
  }
  return text;
}

const binary = (res: supertest.Response) => new Uint8Array(res.body as Buffer);
const asBuffer = (req: supertest.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

test("the parent downloads a one-page PDF that names the child and quotes the child's wish", async () => {
  const family = await familyWithKeepsake(ctx, 'Florence');
  const res = await asBuffer(family.client.get(`/api/calls/${family.call.id}/certificate`));
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toBe(
    'attachment; filename="nice-list-certificate-florence.pdf"',
  );
  const pdf = await PDFDocument.load(binary(res));
  expect(pdf.getPageCount()).toBe(1);
  expect(pdf.getTitle()).toBe('Nice List certificate for Florence');
  const text = await textOf(binary(res));
  expect(text).toContain('Florence');
  expect(text).toContain('Nice List Certificate');
  expect(text).toContain('a red sledge with a bell');
});

test('another parent cannot download a certificate for a call that is not theirs', async () => {
  const family = await familyWithKeepsake(ctx, 'Augustin');
  const stranger = await signUp(ctx.app);
  expect((await stranger.client.get(`/api/calls/${family.call.id}/certificate`)).status).toBe(404);
});

test('a listener with a working link downloads the same certificate; a revoked link gives none', async () => {
  const family = await familyWithKeepsake(ctx, 'Leopold');
  const { token, link } = await share(family, family.call.id);
  const res = await asBuffer(supertest(ctx.app).get(`/api/keepsakes/${token}/certificate`));
  expect(res.status).toBe(200);
  expect(await textOf(binary(res))).toContain('Leopold');
  await family.client.delete(`/api/calls/${family.call.id}/share-links/${link.id}`);
  expect((await supertest(ctx.app).get(`/api/keepsakes/${token}/certificate`)).status).toBe(410);
});

test('a name with accents and a wish with an emoji still print, the emoji left out', async () => {
  const bytes = await renderCertificate({
    childName: 'Zoë',
    calledAt: new Date('2026-12-20T17:00:00Z'),
    recap: { wishes: ['a red bike 🚲'], news: [], questions: [], promises: [] },
  });
  const text = await textOf(bytes);
  expect(text).toContain('Zoë');
  expect(text).toContain('Wished for: “a red bike”');
  expect(text).toContain('Christmas 2026');
});

test('without a profile the certificate still reads well, naming no one', async () => {
  const text = await textOf(await renderCertificate({ childName: null, calledAt: new Date(), recap: null }));
  expect(text).toContain('A wonderful child');
});

test('the lines quoted are wishes first, then news, then a promise, at most three', () => {
  expect(
    certificateLines({
      wishes: ['a kite', 'a drum', 'a train'],
      news: ['I can swim'],
      questions: ['Why?'],
      promises: ['Be kind'],
    }),
  ).toEqual(['Wished for: “a kite”', 'Wished for: “a drum”', 'Told Santa: “I can swim”']);
  expect(certificateLines({ wishes: [], news: [], questions: ['Why?'], promises: ['Be kind'] })).toEqual([
    'Promised: “Be kind”',
  ]);
});
