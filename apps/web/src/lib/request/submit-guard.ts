/**
 * The duplicate-submission guard of spec §5 for POST and PUT:
 * - the same URL and body again within DUPLICATE_BODY_WINDOW_MS → 'data is being processed';
 * - the same URL again within DUPLICATE_URL_WINDOW_MS → 'operation too frequent'.
 * State lives in sessionStorage: it is shared by every client in the tab and survives a reload (a
 * double click that reloads mid-way is still caught) but not the tab, so one tab never blocks another.
 */
import {
  DUPLICATE_BODY_WINDOW_MS,
  DUPLICATE_URL_WINDOW_MS,
  PAYLOAD_LIMIT_BYTES,
} from '@cloudbay/contracts/core';

const STORAGE_KEY = 'submit-guard';

export type SubmitVerdict = 'ok' | 'duplicate-body' | 'duplicate-url';

interface Submission {
  /** Hash of the serialised body: storing bodies of up to 5 MB would exhaust sessionStorage. */
  hash: string;
  time: number;
}
type Submissions = Record<string, Submission>;

/**
 * The body as the guard compares it, or undefined when it cannot be compared: FormData, Blob and
 * binary bodies (uploads) have no cheap stable serialisation, and a batch of uploads to one URL is
 * legitimately sent at once.
 */
export function serializeBody(body: unknown): string | undefined {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (
    body instanceof FormData ||
    body instanceof Blob ||
    Object.prototype.toString.call(body) === '[object ArrayBuffer]' ||
    ArrayBuffer.isView(body)
  ) {
    return undefined;
  }
  return JSON.stringify(body);
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** cyrb53: a fast 53-bit string hash; collisions only matter within a one-second window of one URL. */
function hash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

function readSubmissions(): Submissions {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return parsed !== null && typeof parsed === 'object' ? (parsed as Submissions) : {};
  } catch {
    return {};
  }
}

function writeSubmissions(submissions: Submissions): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(submissions));
  } catch {
    // Without sessionStorage the guard cannot remember; submitting still works.
  }
}

/**
 * Decides whether a submission of `body` to `url` may go out now and, if so, records it. Refused
 * submissions are not recorded, so repeated clicking does not extend the wait.
 */
export function checkSubmission(url: string, body: unknown, now: number = Date.now()): SubmitVerdict {
  const serialized = serializeBody(body);
  if (serialized === undefined) return 'ok';
  // Cheap test first: a string never has fewer UTF-8 bytes than UTF-16 code units.
  if (serialized.length > PAYLOAD_LIMIT_BYTES || byteLength(serialized) > PAYLOAD_LIMIT_BYTES) {
    console.warn(`[submit-guard] ${url}: body over ${PAYLOAD_LIMIT_BYTES} bytes, duplicate check skipped`);
    return 'ok';
  }

  const submissions = readSubmissions();
  const bodyHash = hash(serialized);
  const last = submissions[url];
  if (last) {
    const elapsed = now - last.time;
    if (last.hash === bodyHash && elapsed < DUPLICATE_BODY_WINDOW_MS) return 'duplicate-body';
    if (elapsed < DUPLICATE_URL_WINDOW_MS) return 'duplicate-url';
  }

  // Forget entries whose windows have passed so the stored map stays small.
  const kept: Submissions = {};
  for (const [key, entry] of Object.entries(submissions)) {
    if (now - entry.time < DUPLICATE_URL_WINDOW_MS) kept[key] = entry;
  }
  kept[url] = { hash: bodyHash, time: now };
  writeSubmissions(kept);
  return 'ok';
}
