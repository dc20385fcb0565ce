import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  Desktop,
  DesktopSpecBody,
  DesktopSpecChange,
  DesktopType,
  ModifySpecQuote,
} from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { desktopsKey } from './desktops-list';
import { useDesktopMutation } from './desktops-mutation';

/** GET /desktop_types?region_id=: the instance types with their prices in the desktop's region. */
export async function listDesktopTypes(regionId: number): Promise<DesktopType[]> {
  const { data } = await api.get<DesktopType[]>('/desktop_types', { region_id: regionId });
  return data;
}

export function useDesktopTypes(regionId: number | null) {
  return useQuery({
    queryKey: [...desktopsKey, 'types', regionId],
    queryFn: () => listDesktopTypes(regionId!),
    staleTime: 5 * 60_000,
    enabled: regionId !== null,
  });
}

/** The new configuration asked for; each part defaults to the current one. */
export interface SpecChoice {
  desktopType: string;
  systemDisk: number;
}

/** GET /user/modify_spec_price's query (`modifySpecPriceQuery`): the current spec and the new one. */
export interface SpecPriceParams {
  region_id: number;
  desktop_type: string;
  system_disk: number;
  new_desktop_type: string;
  new_system_disk: number;
  billing_method: Desktop['billing_method'];
  expire_time?: string;
}

/** GET /user/modify_spec_price's query for changing `desktop` to `next`. */
export function specPriceQuery(desktop: Desktop, next: SpecChoice): SpecPriceParams {
  return {
    region_id: desktop.region_id!,
    desktop_type: desktop.desktop_type,
    system_disk: desktop.system_disk,
    new_desktop_type: next.desktopType,
    new_system_disk: next.systemDisk,
    billing_method: desktop.billing_method,
    // A subscription's difference is prorated to its expiry.
    ...(desktop.billing_method === 'subscription' && desktop.expire_time
      ? { expire_time: desktop.expire_time }
      : {}),
  };
}

/** GET /user/modify_spec_price: what the change costs now (prorated) and per hour after it. */
export async function getSpecPrice(query: SpecPriceParams): Promise<ModifySpecQuote> {
  const { data } = await api.get<ModifySpecQuote>('/user/modify_spec_price', { ...query });
  return data;
}

/** The price of changing `desktop` to `next`; the previous figure stays while the next one loads. */
export function useSpecPrice(desktop: Desktop, next: SpecChoice, enabled: boolean) {
  const query = specPriceQuery(desktop, next);
  return useQuery({
    queryKey: [...desktopsKey, 'spec-price', query],
    queryFn: () => getSpecPrice(query),
    placeholderData: keepPreviousData,
    enabled: enabled && desktop.region_id !== null && getToken() !== null,
  });
}

/** The body of POST /user/desktop/{desktop_id}/spec: only what changes. */
export function specBody(desktop: Pick<Desktop, 'desktop_type' | 'system_disk'>, next: SpecChoice) {
  const body: DesktopSpecBody = {};
  if (next.desktopType !== desktop.desktop_type) body.desktop_type = next.desktopType;
  if (next.systemDisk !== desktop.system_disk) body.system_disk = next.systemDisk;
  return body;
}

export interface ChangeSpecInput {
  desktopId: string;
  body: DesktopSpecBody;
  /** One per intent: a retry of the same change replays its answer instead of charging twice. */
  idempotencyKey: string;
}

/** POST /user/desktop/{desktop_id}/spec: another type and/or a larger system disk (shut down only). */
export async function changeSpec({ desktopId, body, idempotencyKey }: ChangeSpecInput) {
  const { data } = await api.post<DesktopSpecChange>(
    `/user/desktop/${encodeURIComponent(desktopId)}/spec`,
    body,
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
  return data;
}

export function useChangeSpec() {
  return useDesktopMutation(changeSpec, { charges: true });
}
