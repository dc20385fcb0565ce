import { useQuery } from '@tanstack/react-query';
import type { DesktopImage, PlatformTypeOption } from '@cloudbay/contracts';
import type { DesktopPlatformType } from '@cloudbay/contracts/core';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { catalogKey } from './catalog-keys';

/** GET /user/desktop_image/platform_type: the image platforms ({ value, label }). */
export async function listPlatformTypes(): Promise<PlatformTypeOption[]> {
  const { data } = await api.get<PlatformTypeOption[]>('/user/desktop_image/platform_type');
  return data;
}

/** GET /user/desktop_image/v2: the system images of a platform in a region, then the caller's own. */
export async function listPickerImages(
  regionId: number,
  platformType: DesktopPlatformType,
): Promise<DesktopImage[]> {
  const { data } = await api.get<DesktopImage[]>('/user/desktop_image/v2', {
    region_id: regionId,
    platform_type: platformType,
  });
  return data;
}

export function usePlatformTypes() {
  return useQuery({
    queryKey: [...catalogKey, 'platform-types'],
    queryFn: listPlatformTypes,
    staleTime: Infinity,
    enabled: getToken() !== null,
  });
}

/** The picker's images; the customer's own may be still creating, so they are re-read after a minute. */
export function usePickerImages(regionId: number | undefined, platformType: DesktopPlatformType | undefined) {
  return useQuery({
    queryKey: [...catalogKey, 'images', regionId, platformType],
    queryFn: () => listPickerImages(regionId!, platformType!),
    enabled: regionId !== undefined && platformType !== undefined && getToken() !== null,
    staleTime: 60_000,
  });
}
