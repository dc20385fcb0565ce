/**
 * The route of /phoneconnet (spec §2: hidden, open without login), kept apart from the page so the
 * router carries only this much until the page is opened.
 */
import { replace, type LoaderFunctionArgs } from 'react-router';
import { saveHandover } from '../../../lib/access-rule';

export const PHONE_CONNECT_PATH = '/phoneconnet';

/**
 * Opened with a session in the query (token, loginToken, isSon), the page stores it exactly as
 * /moneryContro does and reloads its own address without it, so the token stays out of history.
 */
export function phoneConnectLoader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  if (!query.get('token')) return null;
  saveHandover(query);
  return replace(PHONE_CONNECT_PATH);
}
