import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CatalogBundle,
  CatalogBundleType,
  CatalogChange,
  CatalogDesktopType,
  CatalogDiscount,
  CatalogImage,
  CatalogMarkup,
  CatalogPhoneImage,
  CatalogPhoneSpec,
  CatalogPreview,
  CatalogPreviewConfig,
  CatalogRegion,
  CatalogUnitPrice,
} from '@cloudbay/contracts';
import { api } from '../../../../lib/request';

export const catalogKey = ['business', 'catalog'] as const;

/** The row each table area lists (GET /business/catalog/<path>/list). */
export interface CatalogRows {
  region: CatalogRegion;
  bundleType: CatalogBundleType;
  bundle: CatalogBundle;
  desktopType: CatalogDesktopType;
  image: CatalogImage;
  phoneSpec: CatalogPhoneSpec;
  phoneImage: CatalogPhoneImage;
  discount: CatalogDiscount;
  unitPrice: CatalogUnitPrice;
}
export type TableArea = keyof CatalogRows;

/** Each area's path segment under /business/catalog. */
export const AREA_PATHS: Record<TableArea, string> = {
  region: 'region',
  bundleType: 'bundle-type',
  bundle: 'bundle',
  desktopType: 'desktop-type',
  image: 'image',
  phoneSpec: 'phone-spec',
  phoneImage: 'phone-image',
  discount: 'discount',
  unitPrice: 'unit-price',
};

export interface CatalogFilter {
  kind?: 'desktop' | 'phone';
  bundleType?: string;
  platformType?: string;
}

export interface CatalogPage<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

/** A page of one area's rows, enabled or not. */
export function useCatalogList<A extends TableArea>(
  area: A,
  query: CatalogFilter & { page: number; limit: number },
  enabled = true,
) {
  return useQuery({
    queryKey: [...catalogKey, area, query],
    queryFn: async () =>
      (await api.get<CatalogPage<CatalogRows[A]>>(`/business/catalog/${AREA_PATHS[area]}/list`, { ...query }))
        .data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Saves one edit (an area's row, or the markup); every catalogue list is read again. */
export function useSaveCatalogChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: CatalogChange) =>
      change.area === 'markup'
        ? (await api.put<CatalogMarkup>('/business/catalog/markup', change.patch)).data
        : (await api.put<unknown>(`/business/catalog/${AREA_PATHS[change.area]}/${change.id}`, change.patch))
            .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKey }),
  });
}

export function useMarkup() {
  return useQuery({
    queryKey: [...catalogKey, 'markup'],
    queryFn: async () => (await api.get<CatalogMarkup>('/business/catalog/markup')).data,
  });
}

/** POST /business/catalog/preview: the customer's quote now and with `change` (nothing saved). */
export function usePricePreview() {
  return useMutation({
    mutationFn: async (body: { config: CatalogPreviewConfig; change?: CatalogChange }) =>
      (await api.post<CatalogPreview>('/business/catalog/preview', body)).data,
  });
}
