/**
 * The bytes of uploads under DATA_DIR/uploads: received into a temporary file, moved to their
 * dated place once checked. Only generated names (STORED_FILE_NAME) ever become paths, and every
 * path is resolved and checked to lie inside the uploads folder.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { STORED_FILE_NAME } from '@cloudbay/contracts';

/** Where partial uploads wait for their checks; same file system, so the final move is a rename. */
const TEMP_FOLDER = '.incoming';

export function uploadsRoot(dataDir: string): string {
  return path.resolve(dataDir, 'uploads');
}

/** The absolute path of a stored name, or undefined when the name is not one the server made. */
export function storedPath(root: string, fileName: string): string | undefined {
  if (!STORED_FILE_NAME.test(fileName)) return undefined;
  const resolved = path.resolve(root, fileName);
  return resolved.startsWith(root + path.sep) ? resolved : undefined;
}

/** A new stored name: `yyyy/mm/dd/<uuid>.<ext>` (UTC date). */
export function newStoredName(ext: string, now = new Date()): string {
  const yyyy = String(now.getUTCFullYear());
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(now.getUTCDate()).padStart(2, '0');
  return `${yyyy}/${mm}/${dd}/${randomUUID()}.${ext}`;
}

export interface ReceivedFile {
  tempPath: string;
  size: number;
  sha256: string;
}

/** A fresh path in the temporary folder (created when missing). */
async function newTempPath(root: string): Promise<string> {
  const folder = path.join(root, TEMP_FOLDER);
  await fs.mkdir(folder, { recursive: true });
  return path.join(folder, `${randomUUID()}.part`);
}

/**
 * Writes `stream` to a new temporary file, hashing and counting on the way; removes it on failure.
 * `onChunk` sees every chunk too (the app centre's MD5), so nothing reads the file twice.
 */
export async function receiveToTemp(
  root: string,
  stream: Readable,
  onChunk?: (chunk: Buffer) => void,
): Promise<ReceivedFile> {
  const tempPath = await newTempPath(root);
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      onChunk?.(chunk);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(stream, tap, createWriteStream(tempPath, { flags: 'wx' }));
  } catch (error) {
    await removeQuietly(tempPath);
    throw error;
  }
  return { tempPath, size, sha256: hash.digest('hex') };
}

/** Writes `bytes` (a re-encoded image) to a new temporary file; removes it on failure. */
export async function writeToTemp(root: string, bytes: Buffer): Promise<ReceivedFile> {
  const tempPath = await newTempPath(root);
  try {
    await fs.writeFile(tempPath, bytes, { flag: 'wx' });
  } catch (error) {
    await removeQuietly(tempPath);
    throw error;
  }
  return { tempPath, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** The first `length` bytes of a file (fewer when it is shorter). */
export async function readHead(filePath: string, length: number): Promise<Buffer> {
  const handle = await fs.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export function readWhole(filePath: string): Promise<Buffer> {
  return fs.readFile(filePath);
}

/** Moves a checked temporary file to its stored place (creating the date folders). */
export async function moveIntoPlace(tempPath: string, finalPath: string): Promise<void> {
  await fs.mkdir(path.dirname(finalPath), { recursive: true });
  await fs.rename(tempPath, finalPath);
}

/** The size of a stored file, or undefined when it is gone from disk. */
export async function storedSize(filePath: string): Promise<number | undefined> {
  try {
    const stat = await fs.stat(filePath);
    return stat.isFile() ? stat.size : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Removes a file; one that is already gone is not an error. */
export async function removeQuietly(filePath: string): Promise<void> {
  await fs.rm(filePath, { force: true });
}
