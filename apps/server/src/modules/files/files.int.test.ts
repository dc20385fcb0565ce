import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { UPLOAD_MAX_MB, UPLOADABLE_EXTENSIONS } from '@cloudbay/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, loggedInUser } from '../../../test/accounts';
import { createTestApp, testConfig } from '../../../test/context';
import {
  FILE_SAMPLES,
  multipartFile,
  PNG_SIGNATURE,
  SAMPLE_IMAGE,
  sampleImage,
} from '../../../test/file-samples';
import { uploadedFiles } from '../../db/schema';
import { DEMO_ADMIN } from '../identity/reference-data';
import { IMAGE_MAX_PIXELS, isRasterExtension } from './image-reencode';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let dataDir: string;
let alice: Awaited<ReturnType<typeof loggedInUser>>;
let bob: Awaited<ReturnType<typeof loggedInUser>>;
let adminHeaders: Record<string, string>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudbay-files-'));
  ctx = await createTestApp({ config: testConfig({ DATA_DIR: dataDir }) });
  alice = await loggedInUser(ctx.app, ctx.db);
  bob = await loggedInUser(ctx.app, ctx.db);
  const res = await logIn(ctx.app, ctx.db, DEMO_ADMIN.email, DEMO_ADMIN.password);
  adminHeaders = { authorization: `Bearer ${res.json().data.access_token}` };
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const uploadsDir = () => path.join(dataDir, 'uploads');
const incomingFiles = () => {
  const folder = path.join(uploadsDir(), '.incoming');
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
};
const rowsOf = (fileName: string) =>
  ctx.db.select().from(uploadedFiles).where(eq(uploadedFiles.fileName, fileName));

function upload(
  headers: Record<string, string>,
  fileName: string,
  content: Buffer,
  field = 'file',
  language = 'zh-CN',
) {
  const body = multipartFile(fileName, content, field);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/common/upload',
    payload: body.payload,
    headers: { ...headers, ...body.headers, 'accept-language': language },
  });
}

async function uploaded(headers: Record<string, string>, fileName: string, content: Buffer) {
  const res = await upload(headers, fileName, content);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { fileName: string; data: { fileName: string; url: string; originalName: string } };
}

describe('POST /api/common/upload', () => {
  it.each(UPLOADABLE_EXTENSIONS)('keeps a genuine .%s with its row', async (ext) => {
    const content = FILE_SAMPLES[ext];
    const res = await upload(alice.headers, `sample.${ext}`, content);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ code: 200, success: true, fileName: answer.data.fileName });
    const stored = fs.readFileSync(path.join(uploadsDir(), answer.fileName));
    expect(answer.data).toEqual({
      fileName: expect.stringMatching(new RegExp(`^\\d{4}/\\d{2}/\\d{2}/[0-9a-f-]{36}\\.${ext}$`)),
      url: `/api/common/files/${answer.data.fileName}`,
      originalName: `sample.${ext}`,
      size: stored.length,
    });
    if (isRasterExtension(ext)) {
      // Re-encoded: other bytes, the same picture.
      expect(await sharp(stored).metadata()).toMatchObject(SAMPLE_IMAGE);
    } else {
      expect(stored.equals(content)).toBe(true);
    }
    const [row] = await rowsOf(answer.fileName);
    expect(row).toMatchObject({
      ownerId: alice.userId,
      originalName: `sample.${ext}`,
      extension: ext,
      size: stored.length,
      sha256: createHash('sha256').update(stored).digest('hex'),
    });
  });

  it('refuses a file over the size limit with 413 and leaves nothing behind', async () => {
    const before = await ctx.db.select().from(uploadedFiles);
    const big = Buffer.concat([FILE_SAMPLES.pdf, Buffer.alloc(UPLOAD_MAX_MB * 1024 * 1024, 0x20)]);
    const res = await upload(alice.headers, 'big.pdf', big, 'file', 'en-US');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 413,
      success: false,
      msg: `Uploaded files cannot exceed ${UPLOAD_MAX_MB} MB`,
    });
    expect(incomingFiles()).toEqual([]);
    expect(await ctx.db.select().from(uploadedFiles)).toHaveLength(before.length);
  });

  it('accepts a file of exactly the size limit', async () => {
    const exact = Buffer.concat([
      FILE_SAMPLES.pdf,
      Buffer.alloc(UPLOAD_MAX_MB * 1024 * 1024 - FILE_SAMPLES.pdf.length),
    ]);
    const res = await upload(alice.headers, 'exact.pdf', exact);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.size).toBe(UPLOAD_MAX_MB * 1024 * 1024);
  });

  it.each(['setup.exe', 'page.html', 'no-extension', 'script.svg.js'])(
    'refuses %s with 415 (extension not allowed)',
    async (name) => {
      const res = await upload(alice.headers, name, Buffer.from('MZ...'));
      expect(res.statusCode).toBe(415);
      expect(res.json().msg).toContain('pdf');
    },
  );

  it.each([
    ['a .png holding text', 'photo.png', Buffer.from('this is not an image at all')],
    ['a .pdf holding a zip', 'report.pdf', FILE_SAMPLES.zip],
    ['a .txt holding binary', 'notes.txt', FILE_SAMPLES.png],
    [
      'an .svg with a script',
      'logo.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    [
      'an .svg with an event handler',
      'logo.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    ],
    [
      'an .svg with a javascript: link',
      'logo.svg',
      Buffer.from('<svg><a href="javascript:alert(1)"><rect/></a></svg>'),
    ],
    [
      'an .svg with foreignObject',
      'logo.svg',
      Buffer.from('<svg><foreignObject><p>x</p></foreignObject></svg>'),
    ],
  ])('refuses %s with 415 (content mismatch)', async (_what, name, content) => {
    const res = await upload(alice.headers, name, content, 'file', 'en-US');
    expect(res.statusCode).toBe(415);
    expect(res.json().msg).toBe(
      `The file content does not match its extension ${path.extname(name).slice(1)}`,
    );
    expect(incomingFiles()).toEqual([]);
  });

  it('needs a session', async () => {
    const res = await upload({}, 'sample.png', FILE_SAMPLES.png);
    expect(res.statusCode).toBe(401);
  });

  it('answers 400 without a file', async () => {
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/common/upload',
      headers: alice.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().msg).toBe('请选择要上传的文件');
    expect((await upload(alice.headers, 'sample.png', FILE_SAMPLES.png, 'other')).statusCode).toBe(400);
    expect((await upload(alice.headers, 'empty.txt', Buffer.alloc(0))).statusCode).toBe(400);
  });
});

describe('uploaded raster images are decoded and re-encoded', () => {
  const refusedAsMismatch = async (name: string, content: Buffer) => {
    const before = (await ctx.db.select().from(uploadedFiles)).length;
    const res = await upload(alice.headers, name, content, 'file', 'en-US');
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json().msg).toBe(
      `The file content does not match its extension ${path.extname(name).slice(1)}`,
    );
    expect(incomingFiles()).toEqual([]);
    expect(await ctx.db.select().from(uploadedFiles)).toHaveLength(before);
  };

  it('strips EXIF (GPS) from a photo and turns it upright', async () => {
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#52c41a' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 0/1' } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>')
      .toBuffer();
    // The sample does carry what must go.
    expect(await sharp(photo).metadata()).toMatchObject({
      orientation: 6,
      exif: expect.any(Buffer),
      xmp: expect.any(Buffer),
    });
    const { data } = await uploaded(alice.headers, 'holiday.jpg', photo);
    const served = await ctx.app.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 30, height: 40 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('refuses a PNG signature followed by HTML', async () => {
    const polyglot = Buffer.concat([PNG_SIGNATURE, Buffer.from('<html><script>alert(1)</script></html>')]);
    await refusedAsMismatch('avatar.png', polyglot);
  });

  it('keeps only the pixels of an image with HTML appended after its end', async () => {
    const html = '<html><script>alert(1)</script></html>';
    const { fileName } = await uploaded(
      alice.headers,
      'tail.png',
      Buffer.concat([FILE_SAMPLES.png, Buffer.from(html)]),
    );
    const stored = fs.readFileSync(path.join(uploadsDir(), fileName));
    expect(stored.includes(html)).toBe(false);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', ...SAMPLE_IMAGE });
  });

  it.each([
    ['png', 'png'],
    ['jpg', 'jpeg'],
    ['gif', 'gif'],
    ['webp', 'webp'],
  ] as const)('refuses a truncated .%s', async (ext, format) => {
    const whole = await sampleImage(format, { width: 64, height: 48 });
    await refusedAsMismatch(`cut.${ext}`, whole.subarray(0, Math.floor(whole.length / 2)));
  });

  it('refuses an image of more pixels than it may decode (a decompression bomb) with 413', async () => {
    const width = 8000;
    const bomb = await sharp({
      create: { width, height: Math.ceil(IMAGE_MAX_PIXELS / width) + 1, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(UPLOAD_MAX_MB * 1024 * 1024);
    const res = await upload(alice.headers, 'bomb.png', bomb, 'file', 'en-US');
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().msg).toBe(`Images cannot exceed ${IMAGE_MAX_PIXELS / 1_000_000} megapixels`);
    expect(incomingFiles()).toEqual([]);
  });

  it('keeps an animated GIF animated', async () => {
    const frames = ['#f5222d', '#1677ff', '#52c41a'].map((background) =>
      sharp({ create: { width: 10, height: 10, channels: 4, background } })
        .raw()
        .toBuffer(),
    );
    const gif = await sharp(Buffer.concat(await Promise.all(frames)), {
      raw: { width: 10, height: 30, channels: 4, pageHeight: 10 },
    })
      .gif({ delay: [100, 100, 100] })
      .toBuffer();
    const { fileName } = await uploaded(alice.headers, 'spinner.gif', gif);
    const stored = fs.readFileSync(path.join(uploadsDir(), fileName));
    expect(await sharp(stored, { animated: true }).metadata()).toMatchObject({
      format: 'gif',
      pages: 3,
      width: 10,
      pageHeight: 10,
    });
  });
});

describe('GET /api/common/download', () => {
  it('sends the caller’s file with its original name', async () => {
    const content = FILE_SAMPLES.pdf;
    const { fileName } = await uploaded(alice.headers, '季度 报告.pdf', content);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/common/download',
      query: { fileName },
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(content)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="__ __.pdf"; filename*=UTF-8''${encodeURIComponent('季度 报告.pdf')}`,
    );
    expect(decodeURIComponent(String(res.headers['download-filename']))).toBe('季度 报告.pdf');
    // Kept unless asked otherwise.
    expect(await rowsOf(fileName)).toHaveLength(1);
  });

  it('delete=true removes the file and its row once sent', async () => {
    const { fileName } = await uploaded(alice.headers, 'once.txt', FILE_SAMPLES.txt);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/common/download',
      query: { fileName, delete: 'true' },
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(FILE_SAMPLES.txt.toString());
    await expect.poll(async () => (await rowsOf(fileName)).length).toBe(0);
    await expect.poll(() => fs.existsSync(path.join(uploadsDir(), fileName))).toBe(false);
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/common/download',
      query: { fileName },
      headers: alice.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for another user’s file and leaves it alone', async () => {
    const { fileName } = await uploaded(alice.headers, 'private.pdf', FILE_SAMPLES.pdf);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/common/download',
      query: { fileName, delete: 'true' },
      headers: bob.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, success: false });
    expect(await rowsOf(fileName)).toHaveLength(1);
  });

  it('answers 404 when the bytes are gone from disk', async () => {
    const { fileName } = await uploaded(alice.headers, 'lost.pdf', FILE_SAMPLES.pdf);
    fs.rmSync(path.join(uploadsDir(), fileName));
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/common/download',
      query: { fileName },
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses names the server did not make', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/common/download',
      query: { fileName: '../../../etc/passwd' },
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/common/download/resource', () => {
  const byResource = (resource: string, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: '/api/common/download/resource', query: { resource }, headers });

  it('gives the owner the file by name or URL, an operator any file, others 404', async () => {
    const { fileName, data } = await uploaded(alice.headers, 'contract.docx', FILE_SAMPLES.docx);
    for (const resource of [fileName, data.url, `http://127.0.0.1:8080${data.url}`]) {
      const res = await byResource(resource, alice.headers);
      expect(res.statusCode, resource).toBe(200);
      expect(res.rawPayload.equals(FILE_SAMPLES.docx)).toBe(true);
    }
    expect((await byResource(fileName, adminHeaders)).statusCode).toBe(200);
    expect((await byResource(fileName, bob.headers)).statusCode).toBe(404);
    expect((await byResource('/api/common/files/../../../etc/passwd', alice.headers)).statusCode).toBe(404);
  });
});

describe('GET /api/common/files/*', () => {
  it('serves images inline to anyone, cached and not sniffed', async () => {
    const { data } = await uploaded(alice.headers, 'avatar.png', FILE_SAMPLES.png);
    const res = await ctx.app.inject({ method: 'GET', url: data.url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(fs.readFileSync(path.join(uploadsDir(), data.fileName)))).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('serves an SVG under a policy that forbids everything active', async () => {
    const { data } = await uploaded(alice.headers, 'logo.svg', FILE_SAMPLES.svg);
    const res = await ctx.app.inject({ method: 'GET', url: data.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
  });

  it('answers 404 for other kinds and unknown or malformed names', async () => {
    const { data } = await uploaded(alice.headers, 'secret.pdf', FILE_SAMPLES.pdf);
    expect((await ctx.app.inject({ method: 'GET', url: data.url })).statusCode).toBe(404);
    for (const url of [
      '/api/common/files/2026/01/01/00000000-0000-0000-0000-000000000000.png',
      '/api/common/files/%2e%2e/%2e%2e/etc/passwd',
      '/api/common/files/.incoming/x.part',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('PUT /api/user/profile avatar', () => {
  const setAvatar = (avatar: string, headers = alice.headers) =>
    ctx.app.inject({ method: 'PUT', url: '/api/user/profile', payload: { avatar }, headers });

  it('sets an uploaded image as the avatar, shown by GET /user', async () => {
    const { fileName, data } = await uploaded(alice.headers, 'me.jpg', FILE_SAMPLES.jpg);
    const res = await setAvatar(fileName);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ avatar: data.url, nickname: 'Tester' });
    const user = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: alice.headers });
    expect(user.json().data.avatar).toBe(data.url);
    // The avatar URL works without a session, as <img src> needs.
    expect((await ctx.app.inject({ method: 'GET', url: data.url })).statusCode).toBe(200);
  });

  it('refuses a file that is not an image (422) or not the caller’s (404)', async () => {
    const pdf = await uploaded(alice.headers, 'cv.pdf', FILE_SAMPLES.pdf);
    expect((await setAvatar(pdf.fileName)).statusCode).toBe(422);
    const theirs = await uploaded(bob.headers, 'bob.png', FILE_SAMPLES.png);
    expect((await setAvatar(theirs.fileName)).statusCode).toBe(404);
    expect((await setAvatar('not-a-stored-name.png')).statusCode).toBe(400);
  });

  it('clears the avatar with an empty name and keeps the nickname', async () => {
    const { fileName } = await uploaded(bob.headers, 'face.webp', FILE_SAMPLES.webp);
    expect((await setAvatar(fileName, bob.headers)).json().data.avatar).toMatch(/\.webp$/);
    const res = await setAvatar('', bob.headers);
    expect(res.json().data).toMatchObject({ avatar: '', nickname: 'Tester' });
  });
});
