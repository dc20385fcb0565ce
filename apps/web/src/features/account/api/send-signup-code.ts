import { api } from '../../../lib/request';
import type { CodeRequest, CodeSent } from './email-code';

/** GET /user/signup/validate_code: mails a sign-up code. */
export async function sendSignupCode(query: CodeRequest): Promise<CodeSent> {
  const { data } = await api.get<CodeSent>('/user/signup/validate_code', { ...query }, { auth: false });
  return data;
}
