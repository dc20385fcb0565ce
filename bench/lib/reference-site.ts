/**
 * A static server for a reference app's build, so `npm run bench:web` can load another console's
 * sign-in page in the same run as ours (issue 15 compares `/login` with RuoYi-Vue3's; `RUOYI_DIST`
 * in bench/README.md). Run as its own process, as our app is: `node --import tsx
 * bench/lib/reference-site.ts <dist>` prints `listening <url>` and serves until stopped.
 *
 * Served as our server serves our build: Brotli (best quality, as our build precompresses) when the
 * browser asks for it, else gzip, else the file; files of 1 KB or less as they are; a path without
 * a file answers the SPA's index.html. RuoYi's login asks its API for an image code
 * (`GET /prod-api/captchaImage`): it is answered with a small image, as RuoYi's backend does, so
 * the page renders as it does in production (ours asks `/api/image_validate_code` of our API).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.jpg': 'image/jpeg',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|ico|ttf)$/;
const PRECOMPRESS_MIN_BYTES = 1024;

/** RuoYi's captcha answer: a 1×1 GIF stands in for the 160×60 JPEG its backend draws. */
const CAPTCHA_ANSWER = JSON.stringify({
  msg: '操作成功',
  code: 200,
  captchaEnabled: true,
  uuid: 'bench',
  img: 'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==',
});

interface Body {
  type: string;
  plain: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** Every file of `root`, read and compressed once at start (the figures must not include it). */
function loadSite(root: string): Map<string, Body> {
  const files = new Map<string, Body>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(file);
        continue;
      }
      if (/\.(?:gz|br)$/.test(entry.name)) continue; // the build's own copies: we make ours
      const plain = fs.readFileSync(file);
      const body: Body = { type: TYPES[path.extname(file)] ?? 'application/octet-stream', plain };
      if (COMPRESSIBLE.test(file) && plain.length > PRECOMPRESS_MIN_BYTES) {
        body.br = zlib.brotliCompressSync(plain, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
          },
        });
        body.gzip = zlib.gzipSync(plain, { level: zlib.constants.Z_BEST_COMPRESSION });
      }
      files.set('/' + path.relative(root, file).split(path.sep).join('/'), body);
    }
  };
  walk(root);
  return files;
}

function serve(files: Map<string, Body>): http.Server {
  const index = files.get('/index.html');
  if (!index) throw new Error('the reference build has no index.html');
  return http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname.endsWith('/captchaImage')) {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(CAPTCHA_ANSWER);
      return;
    }
    const file = files.get(decodeURIComponent(pathname));
    const body = file ?? (path.extname(pathname) ? undefined : index);
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const [encoding, bytes] =
      body.br && /\bbr\b/.test(accepted)
        ? ['br', body.br]
        : body.gzip && /\bgzip\b/.test(accepted)
          ? ['gzip', body.gzip]
          : [undefined, body.plain];
    res.writeHead(200, {
      'content-type': body.type,
      'content-length': bytes.length,
      'cache-control': body === index ? 'no-cache' : 'public, max-age=31536000, immutable',
      ...(encoding ? { 'content-encoding': encoding, vary: 'accept-encoding' } : {}),
    });
    res.end(bytes);
  });
}

const root = process.argv[2];
if (!root || !fs.existsSync(path.join(root, 'index.html'))) {
  console.error('usage: reference-site.ts <a built site: a folder with index.html>');
  process.exit(2);
}
const server = serve(loadSite(path.resolve(root)));
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  console.log(`listening http://127.0.0.1:${port}`);
});
