/**
 * The account checks (validators.ts) as antd form rules, for the console's account forms (profile,
 * change password); the sign-in pages use the validators directly.
 */
import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { isRequestError } from '../../lib/request';
import {
  commonPasswordProblem,
  confirmProblem,
  emailCodeProblem,
  newPasswordProblem,
  nicknameProblem,
  serverFieldErrors,
  subAccountNameProblem,
  type Problem,
} from './validators';

type T = TFunction<'account'>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A required field checked by `check`: `required` marks it, the validator judges it. */
function checked(check: (value: string) => Problem | Promise<Problem>) {
  return {
    required: true,
    validator: async (_: unknown, value: unknown) => {
      const problem = await check(text(value));
      if (problem) throw new Error(problem);
    },
  };
}

/** The full password rule and the common-password check, for new passwords (login only asks for one). */
export function newPasswordRules(t: T): FormRule[] {
  return [checked(async (value) => newPasswordProblem(t, value) ?? (await commonPasswordProblem(t, value)))];
}

/** The confirmation must repeat the field `passwordField`. */
export function confirmRules(t: T, passwordField = 'password'): FormRule[] {
  return [
    ({ getFieldValue }) => checked((value) => confirmProblem(t, value, text(getFieldValue(passwordField)))),
  ];
}

export function nicknameRules(t: T): FormRule[] {
  return [checked((value) => nicknameProblem(t, value))];
}

/** A sub-account's name (issue 21): its login under the main account. */
export function subAccountNameRules(t: T): FormRule[] {
  return [checked((value) => subAccountNameProblem(t, value))];
}

export function emailCodeRules(t: T): FormRule[] {
  return [checked((value) => emailCodeProblem(t, value))];
}

/**
 * Shows the server's field errors (400 `data.fields`, e.g. `body.password`) under the matching
 * inputs; the form's field names are the API's. `aliases` maps API names the form calls otherwise.
 */
export function showServerFieldErrors(
  form: FormInstance,
  error: unknown,
  aliases: Record<string, string> = {},
): void {
  if (!isRequestError(error)) return;
  const byField = serverFieldErrors(error.envelope?.data, aliases);
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
}
