import type { LoginBody, User } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { fetchCurrentUser } from '../../../lib/session';
import { clearSession, setToken } from '../../../lib/storage';

/** POST /user/login, then GET /user: the session starts only once the user is known. */
export async function logIn(body: LoginBody): Promise<User> {
  const { data } = await api.post<{ access_token: string }>('/user/login', body, { auth: false });
  setToken(data.access_token);
  try {
    return await fetchCurrentUser();
  } catch (error) {
    clearSession();
    throw error;
  }
}
