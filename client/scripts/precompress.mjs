// After `vite build`: a brotli (.br) and a gzip (.gz) copy of every text asset, compressed once at
// their strongest here rather than on every request; the server picks one by Accept-Encoding.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = new URL('../dist/', import.meta.url).pathname;
const TEXT = /\.(js|css|html|svg|json|txt|webmanifest)$/;
// Below this, the headers cost more than compression saves.
const SMALLEST = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // The prerendered pages are finished and compressed by the server, which knows its own URL.
    if (entry.isDirectory() && entry.name !== 'prerendered') yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

let count = 0;
for await (const file of files(DIST)) {
  const data = await readFile(file);
  if (data.length < SMALLEST) continue;
  await writeFile(
    `${file}.br`,
    brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
  );
  await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
  count += 1;
}
console.log(`precompressed ${count} files (brotli and gzip)`);
