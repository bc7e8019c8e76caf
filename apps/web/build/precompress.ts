import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files the browser downloads as text; source maps are only fetched by developer tools. */
const compressible = /\.(js|css|html|svg|json|txt)$/;

/** Smaller files gain less than the bytes the encoding header costs. */
const minimumBytes = 1024;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );

/**
 * Writes a .br and a .gz beside every built text file worth it, at the strongest settings, which
 * are too slow to run per request: the server sends them as they are.
 */
export const precompress = (): Plugin => ({
  name: 'resim-precompress',
  apply: 'build',
  writeBundle: (options) => {
    if (!options.dir) return;
    for (const file of filesUnder(options.dir)) {
      if (!compressible.test(file)) continue;
      const content = readFileSync(file);
      if (content.byteLength < minimumBytes) continue;
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
      );
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    }
  },
});
