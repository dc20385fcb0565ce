import {
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_RESEND_SECONDS,
  EMAIL_CODE_TTL_SECONDS,
  EMAIL_CODES_PER_IP_PER_HOUR,
  ErrorCode,
  type Language,
} from '@cloudbay/contracts';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { randomDigits, sha256 } from '../../lib/crypto';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { queueMail } from '../mail/service';
import { renderCodeMail, type CodePurpose } from '../mail/templates';
import { hitRateLimit } from '../rate-limit/service';
import { insertEmailCode, secondsSinceLastCode, tryEmailCode } from './repo';

// The hash binds the code to its address and purpose, so a stored hash is useless elsewhere.
const codeHash = (email: string, purpose: CodePurpose, code: string) => sha256(`${purpose}:${email}:${code}`);

/**
 * Applies the code-sending throttles: one mail per address and purpose per 60 s, and an hourly
 * cap per IP address. Both answer 429 with the wait in the message.
 */
export async function throttleCodeRequest(
  db: Db,
  clock: Clock,
  email: string,
  purpose: CodePurpose,
  ip: string,
) {
  const age = await secondsSinceLastCode(db, email, purpose, clock.now());
  if (age !== null && age < EMAIL_CODE_RESEND_SECONDS) {
    const seconds = Math.ceil(EMAIL_CODE_RESEND_SECONDS - age);
    throw new AppError(
      'too_many_requests',
      ErrorCode.EMAIL_CODE_TOO_FREQUENT,
      { seconds },
      { retryAfterSeconds: seconds },
    );
  }
  const perIp = await hitRateLimit(db, `email-code:ip:${ip}`, 3600, EMAIL_CODES_PER_IP_PER_HOUR);
  if (!perIp.allowed) {
    const minutes = Math.ceil(perIp.retryAfterSeconds / 60);
    throw new AppError(
      'too_many_requests',
      ErrorCode.EMAIL_CODES_FROM_IP_EXCEEDED,
      { minutes },
      { retryAfterSeconds: perIp.retryAfterSeconds },
    );
  }
}

/** Creates a code for `email` and mails it in `language`, in one transaction. */
export async function sendEmailCode(
  deps: Pick<AppDeps, 'database' | 'jobs' | 'clock'>,
  request: { email: string; purpose: CodePurpose; ip: string; language: Language },
) {
  const code = randomDigits(EMAIL_CODE_LENGTH);
  await inTransaction(deps.database.pool, async (tx) => {
    await insertEmailCode(
      tx.db,
      {
        email: request.email,
        purpose: request.purpose,
        codeHash: codeHash(request.email, request.purpose, code),
        ip: request.ip,
        ttlSeconds: EMAIL_CODE_TTL_SECONDS,
      },
      deps.clock.now(),
    );
    const mail = renderCodeMail(request.purpose, request.language, code);
    await queueMail(tx, deps.jobs, {
      ...mail,
      to: request.email,
      language: request.language,
      purpose: `${request.purpose}_code`,
    });
  });
  return { resend_after_s: EMAIL_CODE_RESEND_SECONDS };
}

/**
 * Whether `code` is the address's live code; a match uses it up, a miss counts a wrong try (the
 * fifth kills the code). Runs on its own, outside the caller's transaction, so that a wrong try
 * is counted even though the request fails.
 */
export function tryCode(db: Db, clock: Clock, email: string, purpose: CodePurpose, code: string) {
  return tryEmailCode(
    db,
    email,
    purpose,
    codeHash(email, purpose, code),
    EMAIL_CODE_MAX_ATTEMPTS,
    clock.now(),
  );
}

/** Uses up the address's code when `code` matches; otherwise (see tryCode) answers 400. */
export async function consumeEmailCode(
  db: Db,
  clock: Clock,
  email: string,
  purpose: CodePurpose,
  code: string,
) {
  if (!(await tryCode(db, clock, email, purpose, code))) {
    throw new AppError('validation', ErrorCode.EMAIL_CODE_INVALID);
  }
}
