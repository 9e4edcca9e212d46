/** PDFs built to hurt a reader (docs/security.md): bombs, pathological content, polyglots. */
import { createDeflate, deflateSync } from 'node:zlib';

/** A one-page PDF whose page content is `content` (Flate-compressed when `flate`). */
export function pdfWithContent(content: Buffer, flate = true): Buffer {
  return pdfWithStream(flate ? deflateSync(content, { level: 9 }) : content, flate);
}

function pdfWithStream(stream: Buffer, flate: boolean): Buffer {
  return assemblePdf([
    Buffer.from('<</Type/Catalog/Pages 2 0 R>>', 'latin1'),
    Buffer.from('<</Type/Pages/Kids[3 0 R]/Count 1>>', 'latin1'),
    Buffer.from('<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>', 'latin1'),
    streamObject(stream, flate),
    Buffer.from('<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>', 'latin1'),
  ]);
}

/** A stream object's body: its dictionary, the bytes and `endstream`. */
function streamObject(stream: Buffer, flate: boolean): Buffer {
  return Buffer.concat([
    Buffer.from(`<</Length ${stream.length}${flate ? '/Filter/FlateDecode' : ''}>>stream\n`, 'latin1'),
    stream,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/** A PDF 1.4 file of numbered objects (object 1 the catalogue), with its cross-reference table. */
function assemblePdf(objects: Buffer[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

/** Page content that inflates to `megabytes` MB of spaces (~1/1000 of that on disk). */
export async function flateBomb(megabytes = 1024): Promise<Buffer> {
  const deflate = createDeflate({ level: 1 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < megabytes; i++) if (!deflate.write(chunk)) await new Promise((r) => deflate.once('drain', r));
  deflate.end();
  await done;
  return pdfWithStream(Buffer.concat(out), true);
}

/** Arrays nested 200,000 deep. */
export const nestingBomb = () =>
  Buffer.from(`%PDF-1.4\n1 0 obj\n${'['.repeat(200_000)}${']'.repeat(200_000)}\nendobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`, 'latin1');

/** 200,000 text-drawing operators in 15 KB. */
export const operatorFlood = () => pdfWithContent(Buffer.from('BT /F1 1 Tf 0 0 Td (x) Tj ET\n'.repeat(200_000), 'latin1'));

/** Starts like a PDF, then is an HTML page with a script. */
export const polyglot = () => Buffer.from('%PDF-1.4\n<html><body><script>document.title="pwned"</script></body></html>\n%%EOF\n', 'latin1');

/** The PDF signature followed by random bytes. */
export const garbagePdf = () =>
  Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))]);

/**
 * A valid PDF that keeps a reader busy: `pages` pages of 5 million save/restore operators each (no text),
 * one to two seconds per page on an idle core, 20 KB per page on disk (at most 12 pages: the reader's inflate budget). For pool and load tests.
 */
export function slowPdf(pages = 4): Buffer {
  const stream = deflateSync(Buffer.from('q Q\n'.repeat(5_000_000), 'latin1'), { level: 9 });
  const pageIds = Array.from({ length: pages }, (_, i) => 3 + i * 2);
  const objects: Buffer[] = [
    Buffer.from('<</Type/Catalog/Pages 2 0 R>>', 'latin1'),
    Buffer.from(`<</Type/Pages/Kids[${pageIds.map((id) => `${id} 0 R`).join(' ')}]/Count ${pages}>>`, 'latin1'),
  ];
  for (const id of pageIds) {
    objects.push(Buffer.from(`<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents ${id + 1} 0 R>>`, 'latin1'));
    objects.push(streamObject(stream, true));
  }
  return assemblePdf(objects);
}
