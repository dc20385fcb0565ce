import { api } from '../../../lib/request';
import type { CodeRequest, CodeSent } from './email-code';

/** GET /user/no_auth/edit_password/validate_code: mails a reset code (same answer for unknown e-mails). */
export async function sendResetCode(query: CodeRequest): Promise<CodeSent> {
  const { data } = await api.get<CodeSent>(
    '/user/no_auth/edit_password/validate_code',
    { ...query },
    { auth: false },
  );
  return data;
}
