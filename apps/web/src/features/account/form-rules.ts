/**
 * Client-side checks of the account forms (spec §5), with the very rules the server applies
 * (`passwordProblem`, `isEmail` and the limits from the contracts), worded in the user's language.
 */
import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import {
  EMAIL_CODE_LENGTH,
  NICKNAME_MAX_LENGTH,
  NICKNAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  isEmail,
  loadCommonPasswordCheck,
  passwordProblem,
} from '@cloudbay/contracts/core';
import { isRequestError } from '../../lib/request';

type T = TFunction<'account'>;

const reject = (message: string) => Promise.reject(new Error(message));
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function emailRules(t: T): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('validation.emailRequired') },
    {
      validator: (_, value) =>
        !text(value).trim() || isEmail(text(value).trim())
          ? Promise.resolve()
          : reject(t('validation.emailInvalid')),
    },
  ];
}

/** The full password rule and the common-password check, for new passwords (login only asks for one). */
export function newPasswordRules(t: T): FormRule[] {
  return [
    { required: true, message: t('validation.passwordRequired') },
    {
      validator: (_, value) => {
        const problem = text(value) ? passwordProblem(text(value)) : null;
        if (problem === 'length') {
          return reject(
            t('validation.passwordLength', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }),
          );
        }
        if (problem === 'spaces') return reject(t('validation.passwordSpaces'));
        if (problem === 'classes') return reject(t('validation.passwordClasses'));
        return Promise.resolve();
      },
    },
    {
      // The server's common-password check, with its message. The dictionaries load on the first
      // check (own chunks, only on the forms that set a password); if they cannot, the server judges.
      validator: async (_, value) => {
        const password = text(value);
        if (!password || passwordProblem(password)) return;
        const isCommon = await loadCommonPasswordCheck().catch(() => () => false);
        if (isCommon(password)) throw new Error(t('validation.passwordCommon'));
      },
    },
  ];
}

/** The confirmation must repeat the field `passwordField`. */
export function confirmRules(t: T, passwordField = 'password'): FormRule[] {
  return [
    { required: true, message: t('validation.confirmRequired') },
    ({ getFieldValue }) => ({
      validator: (_, value) =>
        !value || getFieldValue(passwordField) === value
          ? Promise.resolve()
          : reject(t('validation.confirmMismatch')),
    }),
  ];
}

export function nicknameRules(t: T): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('validation.nicknameRequired') },
    {
      validator: (_, value) => {
        const length = [...text(value).trim()].length;
        return length === 0 || (length >= NICKNAME_MIN_LENGTH && length <= NICKNAME_MAX_LENGTH)
          ? Promise.resolve()
          : reject(t('validation.nicknameLength', { min: NICKNAME_MIN_LENGTH, max: NICKNAME_MAX_LENGTH }));
      },
    },
  ];
}

const EMAIL_CODE_PATTERN = new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`);

export function emailCodeRules(t: T): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('validation.emailCodeRequired') },
    {
      validator: (_, value) =>
        !text(value).trim() || EMAIL_CODE_PATTERN.test(text(value).trim())
          ? Promise.resolve()
          : reject(t('validation.emailCodeFormat', { length: EMAIL_CODE_LENGTH })),
    },
  ];
}

export function captchaRules(t: T): FormRule[] {
  return [{ required: true, whitespace: true, message: t('validation.captchaRequired') }];
}

interface FieldError {
  field: string;
  message: string;
}

function fieldErrorsOf(error: unknown): FieldError[] {
  if (!isRequestError(error)) return [];
  const data = error.envelope?.data as { fields?: unknown } | null | undefined;
  if (!Array.isArray(data?.fields)) return [];
  return data.fields.filter(
    (entry): entry is FieldError => typeof entry?.field === 'string' && typeof entry?.message === 'string',
  );
}

/**
 * Shows the server's field errors (400 `data.fields`, e.g. `body.password`) under the matching
 * inputs; the form's field names are the API's. `aliases` maps API names the form calls otherwise
 * (the captcha's `uuid` belongs to its answer field).
 */
export function showServerFieldErrors(
  form: FormInstance,
  error: unknown,
  aliases: Record<string, string> = {},
): void {
  const byField = new Map<string, string[]>();
  for (const { field, message } of fieldErrorsOf(error)) {
    const apiName = field.replace(/^(body|query|params)\./, '');
    const name = aliases[apiName] ?? apiName;
    byField.set(name, [...(byField.get(name) ?? []), message]);
  }
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
}
