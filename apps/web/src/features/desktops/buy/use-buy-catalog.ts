import { useEffect } from 'react';
import type { FormInstance } from 'antd';
import { useBundles, useBundleTypes } from '../api/catalog-bundles';
import { usePickerImages, usePlatformTypes } from '../api/catalog-images';
import { usePeriodDiscounts } from '../../../lib/period-discounts';
import { useRegionOfficeSites } from '../api/purchase-office-sites';
import type { BuyFormValues } from './buy-form';
import { reconcileBuyForm, type BuyCatalog } from './reconcile-buy-form';

/**
 * The catalogue answers the form's current region and platform call for, and the rule that keeps
 * the form's choices among them (a default bundle, image, term; the free network when a chosen
 * one is not in the region).
 */
export function useBuyCatalog(form: FormInstance<BuyFormValues>, values: Partial<BuyFormValues>) {
  const bundleTypes = useBundleTypes();
  const bundles = useBundles(values.region_id);
  const platformTypes = usePlatformTypes();
  const images = usePickerImages(values.region_id, values.platform_type);
  const periods = usePeriodDiscounts();
  const officeSites = useRegionOfficeSites(values.region_id);

  const catalog: BuyCatalog = {
    bundles: bundles.data,
    platformTypes: platformTypes.data,
    images: images.data,
    periods: periods.data,
    officeSites: officeSites.data,
  };

  useEffect(() => {
    const patch = reconcileBuyForm(values, catalog);
    if (!patch) return;
    // One field at a time: setFieldsValue would skip fields being cleared to undefined.
    for (const [name, value] of Object.entries(patch)) form.setFieldValue(name as keyof BuyFormValues, value);
    // The catalogue's answers are compared by identity: a refetch with new data re-runs the rule.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, values, bundles.data, platformTypes.data, images.data, periods.data, officeSites.data]);

  return { bundleTypes, bundles, platformTypes, images, periods, officeSites, catalog };
}
