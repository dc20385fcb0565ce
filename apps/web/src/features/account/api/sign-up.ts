import type { SignupBody } from '@cloudbay/contracts';
import { api } from '../../../lib/request';

/** POST /user/signup */
export async function signUp(body: SignupBody): Promise<{ userId: number }> {
  const { data } = await api.post<{ userId: number }>('/user/signup', body, { auth: false });
  return data;
}
