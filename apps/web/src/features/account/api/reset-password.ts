import { api } from '../../../lib/request';

export interface ResetPasswordBody {
  email: string;
  email_code: string;
  password: string;
}

/** PUT /user/no_auth/password: a forgotten password replaced with the e-mailed code. */
export async function resetPassword(body: ResetPasswordBody): Promise<void> {
  await api.put('/user/no_auth/password', body, { auth: false });
}
