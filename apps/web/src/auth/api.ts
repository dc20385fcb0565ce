/** The calls of the sign-in pages, on the console's request client (fetch, no antd on these pages). */
import type { LoginBody, SignupBody, User } from '@cloudbay/contracts';
import type { CodeRequest, CodeSent } from '../features/account/api/email-code';
// The client module itself, not the request barrel: that one builds the console's `api` too.
import { createApiClient } from '../lib/request/client';
import { StorageKey, clearSession, removeItem, setCachedUser, setIsSon, setToken } from '../lib/storage';

export const api = createApiClient();

/** An image captcha: `img` is a data: URL; `uuid` goes back with the typed answer. */
export interface Captcha {
  uuid: string;
  img: string;
}

/** GET /image_validate_code */
export async function fetchCaptcha(): Promise<Captcha> {
  return (await api.get<Captcha>('/image_validate_code', undefined, { auth: false })).data;
}

/**
 * POST /user/login, then GET /user (cached, as the console reads it): the session starts once the
 * user is known. A sub-account's login (`son_account`) is flagged `isSon` for the console's paths
 * (spec §6); a login of its own is no hand-off, so no main account's `loginToken` stays behind.
 */
export async function logIn(body: LoginBody): Promise<User> {
  const { data } = await api.post<{ access_token: string }>('/user/login', body, { auth: false });
  setToken(data.access_token);
  removeItem(StorageKey.loginToken);
  try {
    const user = (await api.get<User>('/user')).data;
    setCachedUser(user);
    setIsSon(user.is_son);
    return user;
  } catch (error) {
    clearSession();
    throw error;
  }
}

type CodeSender = (query: CodeRequest) => Promise<CodeSent>;

const codeSender =
  (url: string): CodeSender =>
  async (query) =>
    (await api.get<CodeSent>(url, { ...query }, { auth: false })).data;

/** GET /user/login/validate_code: mails a step-up login code (same answer for unknown e-mails). */
export const sendLoginCode = codeSender('/user/login/validate_code');
/** GET /user/signup/validate_code: mails a sign-up code. */
export const sendSignupCode = codeSender('/user/signup/validate_code');
/** GET /user/no_auth/edit_password/validate_code: mails a reset code (same answer for unknown e-mails). */
export const sendResetCode = codeSender('/user/no_auth/edit_password/validate_code');

/** POST /user/signup */
export async function signUp(body: SignupBody): Promise<void> {
  await api.post('/user/signup', body, { auth: false });
}

/** PUT /user/no_auth/password: a forgotten password replaced with the e-mailed code. */
export async function resetPassword(body: {
  email: string;
  email_code: string;
  password: string;
}): Promise<void> {
  await api.put('/user/no_auth/password', body, { auth: false });
}
