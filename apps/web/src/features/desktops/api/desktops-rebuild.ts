import { useQuery } from '@tanstack/react-query';
import type { BatchResult, DesktopImage } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { desktopsKey } from './desktops-list';
import { useDesktopMutation } from './desktops-mutation';

/** GET /user/desktop_image/v2?region_id=: the system images, then the customer's own, in a region. */
export async function listImages(regionId: number): Promise<DesktopImage[]> {
  const { data } = await api.get<DesktopImage[]>('/user/desktop_image/v2', { region_id: regionId });
  return data;
}

/** The images a reinstall may choose from; nothing is asked while no single region is known. */
export function useImages(regionId: number | null, enabled = true) {
  return useQuery({
    queryKey: [...desktopsKey, 'images', regionId],
    queryFn: () => listImages(regionId!),
    staleTime: 60_000,
    enabled: enabled && regionId !== null && getToken() !== null,
  });
}

export interface RebuildInput {
  desktopIds: string[];
  /** Another image; absent, each desktop is reinstalled from its current one. */
  imageId?: string;
}

/** PUT /user/desktop/batch_rebuild: reinstall the system (running or shut down only), one result each. */
export async function rebuildDesktops({ desktopIds, imageId }: RebuildInput): Promise<BatchResult> {
  const { data } = await api.put<BatchResult>('/user/desktop/batch_rebuild', {
    desktop_ids: desktopIds,
    ...(imageId ? { image_id: imageId } : {}),
  });
  return data;
}

export function useRebuildDesktops() {
  return useDesktopMutation(rebuildDesktops);
}
