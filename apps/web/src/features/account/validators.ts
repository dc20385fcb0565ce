/**
 * The checks of the account forms (spec §5) as plain functions: each returns the message to show
 * under the field, or undefined when the value passes. The light sign-in forms (src/auth) call them
 * directly; the console's antd forms wrap them as rules (form-rules.ts). The rules are the server's
 * (`passwordProblem`, `isEmail` and the limits from the contracts), worded in the user's language.
 */
import type { TFunction } from 'i18next';
import {
  EMAIL_CODE_LENGTH,
  NICKNAME_MAX_LENGTH,
  NICKNAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SUB_ACCOUNT_NICKNAME_MAX,
  SUB_ACCOUNT_NICKNAME_MIN,
  isEmail,
  loadCommonPasswordCheck,
  passwordProblem,
} from '@cloudbay/contracts/core';

type T = TFunction<'account'>;
export type Problem = string | undefined;

export function emailProblem(t: T, value: string): Problem {
  const email = value.trim();
  if (!email) return t('validation.emailRequired');
  return isEmail(email) ? undefined : t('validation.emailInvalid');
}

/** The password of a login: only required (its rules are the server's business there). */
export function loginPasswordProblem(t: T, value: string): Problem {
  return value ? undefined : t('validation.passwordRequired');
}

/** The rule of a new password, without the common-password check (commonPasswordProblem). */
export function newPasswordProblem(t: T, value: string): Problem {
  if (!value) return t('validation.passwordRequired');
  const problem = passwordProblem(value);
  if (problem === 'length') {
    return t('validation.passwordLength', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
  }
  if (problem === 'spaces') return t('validation.passwordSpaces');
  if (problem === 'classes') return t('validation.passwordClasses');
  return undefined;
}

/**
 * The server's common-password check, with its message, for a password that passes the rule. The
 * dictionaries load on the first check (own chunks, only on the forms that set a password); if they
 * cannot, the server judges.
 */
export async function commonPasswordProblem(t: T, value: string): Promise<Problem> {
  if (!value || passwordProblem(value)) return undefined;
  const isCommon = await loadCommonPasswordCheck().catch(() => () => false);
  return isCommon(value) ? t('validation.passwordCommon') : undefined;
}

export function confirmProblem(t: T, value: string, password: string): Problem {
  if (!value) return t('validation.confirmRequired');
  return value === password ? undefined : t('validation.confirmMismatch');
}

export function nicknameProblem(t: T, value: string): Problem {
  const length = [...value.trim()].length;
  if (length === 0) return t('validation.nicknameRequired');
  return length >= NICKNAME_MIN_LENGTH && length <= NICKNAME_MAX_LENGTH
    ? undefined
    : t('validation.nicknameLength', { min: NICKNAME_MIN_LENGTH, max: NICKNAME_MAX_LENGTH });
}

/** A sub-account's name under its main account (spec §5: at least 4), as it signs in and is created. */
export function subAccountNameProblem(t: T, value: string): Problem {
  const length = [...value.trim()].length;
  if (length === 0) return t('validation.subAccountRequired');
  return length >= SUB_ACCOUNT_NICKNAME_MIN && length <= SUB_ACCOUNT_NICKNAME_MAX
    ? undefined
    : t('validation.subAccountLength', { min: SUB_ACCOUNT_NICKNAME_MIN, max: SUB_ACCOUNT_NICKNAME_MAX });
}

const EMAIL_CODE_PATTERN = new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`);

export function emailCodeProblem(t: T, value: string): Problem {
  const code = value.trim();
  if (!code) return t('validation.emailCodeRequired');
  return EMAIL_CODE_PATTERN.test(code)
    ? undefined
    : t('validation.emailCodeFormat', { length: EMAIL_CODE_LENGTH });
}

export function captchaProblem(t: T, value: string): Problem {
  return value.trim() ? undefined : t('validation.captchaRequired');
}

/** A field error the server named (400 `data.fields`, e.g. `body.password`). */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * The server's field errors by form field: API names lose their `body.`/`query.` prefix, and
 * `aliases` maps API names the form calls otherwise (the captcha's `uuid` belongs to its answer).
 */
export function serverFieldErrors(
  data: unknown,
  aliases: Record<string, string> = {},
): Map<string, string[]> {
  const fields = (data as { fields?: unknown } | null | undefined)?.fields;
  const byField = new Map<string, string[]>();
  if (!Array.isArray(fields)) return byField;
  for (const entry of fields as Partial<FieldError>[]) {
    if (typeof entry?.field !== 'string' || typeof entry?.message !== 'string') continue;
    const apiName = entry.field.replace(/^(body|query|params)\./, '');
    const name = aliases[apiName] ?? apiName;
    byField.set(name, [...(byField.get(name) ?? []), entry.message]);
  }
  return byField;
}
