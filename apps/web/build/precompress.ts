/**
 * `.gz` and `.br` copies of the built text assets, so the server sends files compressed once at
 * maximum quality instead of compressing each response.
 */
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json)$/;
/** Below this, a compressed copy saves less than a packet and costs the server a file lookup. */
const PRECOMPRESS_MIN_BYTES = 1024;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? listFiles(path) : Promise.resolve([path]);
    }),
  );
  return nested.flat();
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** `keepCurrent`: the file's name is content-hashed, so copies already there are of the same bytes. */
async function writeCompressedCopies(path: string, keepCurrent: boolean): Promise<boolean> {
  if (keepCurrent && (await exists(`${path}.br`)) && (await exists(`${path}.gz`))) return false;
  const source = await readFile(path);
  if (source.length <= PRECOMPRESS_MIN_BYTES) return false;
  const [gz, br] = await Promise.all([
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
    brotliAsync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
  ]);
  await Promise.all([writeFile(`${path}.gz`, gz), writeFile(`${path}.br`, br)]);
  return true;
}

/**
 * Writes `.gz` and `.br` siblings of the built text assets. `scope: 'all'` compresses every file of
 * the output directory (public/ included); `'bundle'` only the files this build wrote, for a second
 * build into the same directory (vite.auth.config.ts), which would otherwise compress the first
 * build's files again.
 */
export function precompress(scope: 'all' | 'bundle' = 'all'): Plugin {
  let outDir = '';
  let write = true;
  let log: (message: string) => void = () => undefined;
  let bundleFiles: string[] = [];
  let assetsDir = '';
  return {
    name: 'cloudbay:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      assetsDir = join(outDir, config.build.assetsDir, '/');
      write = config.build.write;
      log = (message) => config.logger.info(message);
    },
    writeBundle(_options, bundle) {
      bundleFiles = Object.keys(bundle).map((file) => join(outDir, file));
    },
    // closeBundle runs once every file, public/ included, is on disk.
    async closeBundle() {
      if (!write || !(await stat(outDir).catch(() => null))) return;
      const candidates = scope === 'all' ? await listFiles(outDir) : bundleFiles;
      const files = candidates.filter((file) => COMPRESSIBLE.test(file));
      // The second build re-emits chunks the first wrote (the password checker's dictionaries,
      // 1.6 MB, under the same hashed names): their copies are current.
      const hashed = (file: string) => scope === 'bundle' && file.startsWith(assetsDir);
      const written = (
        await Promise.all(files.map((file) => writeCompressedCopies(file, hashed(file))))
      ).filter(Boolean).length;
      log(`precompressed ${written} of ${files.length} text assets to .gz and .br`);
    },
  };
}
