/**
 * The proxy each phone uses, as the phone list and the proxy set page show it (issue 19): from the
 * phone's `spec.proxy` — a residential proxy's line and location, an own proxy's endpoint (one
 * query per source for a page of phones), or the proxy set configuration the phone was given,
 * which the reference carries itself.
 */
import type { PhoneProxy, ProxyProtocol } from '@cloudbay/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ownProxies } from '../../../db/schema';
import { findResourcesOfUser, type ResourceRow } from '../../provisioning/repo';
import { proxyRefOf } from './binding';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const integer = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** The proxies `phones` use, by phone id (phones going direct are absent). */
export async function phoneProxiesOf(
  db: Db,
  userId: number,
  phones: readonly Pick<ResourceRow, 'resourceId' | 'spec'>[],
): Promise<Map<string, PhoneProxy>> {
  const refs = phones.flatMap((phone) => {
    const ref = proxyRefOf(phone);
    return ref ? [{ phoneId: phone.resourceId, ref, spec: phone.spec.proxy as Record<string, unknown> }] : [];
  });
  const idsOf = (source: string) => refs.filter((r) => r.ref.source === source).map((r) => r.ref.id);
  const residentialIds = idsOf('residential');
  const ownIds = idsOf('own');
  const residential = new Map(
    (await findResourcesOfUser(db, userId, 'proxy', residentialIds)).map((row) => [row.resourceId, row]),
  );
  const own = new Map(
    (ownIds.length === 0
      ? []
      : await db
          .select()
          .from(ownProxies)
          .where(and(eq(ownProxies.userId, userId), inArray(ownProxies.proxyId, ownIds)))
    ).map((row) => [row.proxyId, row]),
  );
  const views = new Map<string, PhoneProxy>();
  for (const { phoneId, ref, spec } of refs) {
    const base = { source: ref.source, id: ref.id, country: null, city: null };
    if (ref.source === 'residential') {
      const attributes = residential.get(ref.id)?.attributes ?? {};
      views.set(phoneId, {
        ...base,
        type: (text(attributes.protocol) ?? 'socks5') as ProxyProtocol,
        host: text(attributes.address),
        port: integer(attributes.port),
        country: text(attributes.country),
        city: text(attributes.city),
      });
    } else if (ref.source === 'own') {
      const row = own.get(ref.id);
      views.set(phoneId, {
        ...base,
        type: (row?.protocol ?? 'socks5') as ProxyProtocol,
        host: row?.host ?? null,
        port: row?.port ?? null,
      });
    } else {
      views.set(phoneId, {
        ...base,
        type: (text(spec.type) ?? 'socks5') as ProxyProtocol,
        host: text(spec.host),
        port: integer(spec.port),
      });
    }
  }
  return views;
}
