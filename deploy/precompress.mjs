// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text file of the web
// build, for nginx's brotli_static and gzip_static, and removes the source maps (never served publicly).
// Usage: node deploy/precompress.mjs web/dist
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|css|html|svg|json|txt|webmanifest)$/;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith('.map')) unlinkSync(path);
    else if (TEXT.test(name) && statSync(path).size > 256) {
      const body = readFileSync(path);
      writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    }
  }
}
walk(process.argv[2] ?? 'web/dist');
