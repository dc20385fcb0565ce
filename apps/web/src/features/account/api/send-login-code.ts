import { api } from '../../../lib/request';
import type { CodeRequest, CodeSent } from './email-code';

/** GET /user/login/validate_code: mails a step-up login code (same answer for unknown e-mails). */
export async function sendLoginCode(query: CodeRequest): Promise<CodeSent> {
  const { data } = await api.get<CodeSent>('/user/login/validate_code', { ...query }, { auth: false });
  return data;
}
