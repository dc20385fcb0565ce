import { randomUUID } from 'node:crypto';
import { CAPTCHA_TTL_SECONDS, CAPTCHAS_PER_IP_PER_MINUTE, ErrorCode } from '@cloudbay/contracts';
import svgCaptcha from 'svg-captcha';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { sha256 } from '../../lib/crypto';
import { hitRateLimit } from '../rate-limit/service';
import { insertCaptcha, useCaptcha } from './repo';

/** A new image captcha: 4 characters without look-alikes, answer stored hashed for 2 minutes. */
export async function createCaptcha(db: Db, ip: string): Promise<{ uuid: string; img: string }> {
  const perIp = await hitRateLimit(db, `captcha:ip:${ip}`, 60, CAPTCHAS_PER_IP_PER_MINUTE);
  if (!perIp.allowed) {
    throw new AppError(
      'too_many_requests',
      ErrorCode.TOO_MANY_REQUESTS,
      {},
      { retryAfterSeconds: perIp.retryAfterSeconds },
    );
  }
  const captcha = svgCaptcha.create({
    size: 4,
    noise: 2,
    color: true,
    ignoreChars: '0oO1iIlL',
    width: 120,
    height: 40,
    fontSize: 44,
    background: '#f0f7ff',
  });
  const uuid = randomUUID();
  await insertCaptcha(db, uuid, sha256(captcha.text.toLowerCase()), CAPTCHA_TTL_SECONDS);
  return { uuid, img: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
}

/** Checks (and uses up) a captcha answer; case does not matter. CAPTCHA=off skips the check. */
export async function verifyCaptcha(db: Db, config: Pick<Config, 'CAPTCHA'>, uuid: string, code: string) {
  if (config.CAPTCHA === 'off') return;
  const answerHash = await useCaptcha(db, uuid);
  if (!answerHash || answerHash !== sha256(code.trim().toLowerCase())) {
    throw new AppError('validation', ErrorCode.CAPTCHA_INVALID);
  }
}
