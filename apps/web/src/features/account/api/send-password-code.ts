import { api } from '../../../lib/request';
import type { CodeSent } from './email-code';

/** GET /user/edit_password/validate_code: mails a code to the signed-in user's own e-mail. */
export async function sendPasswordCode(): Promise<CodeSent> {
  const { data } = await api.get<CodeSent>('/user/edit_password/validate_code');
  return data;
}
