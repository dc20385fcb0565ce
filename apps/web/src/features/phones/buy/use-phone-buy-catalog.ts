import { useEffect } from 'react';
import type { FormInstance } from 'antd';
import { usePeriodDiscounts } from '../../../lib/period-discounts';
import { usePhoneImages } from '../api/catalog-ph-images';
import { usePhoneSpecs } from '../api/catalog-ph-spec';
import { usePhoneGroupOptions } from '../api/phone-group-options';
import { reconcilePhoneBuyForm, type PhoneBuyValues } from './phone-buy-values';

/**
 * The catalogue answers the form needs (the region's specs, the images, the terms, the customer's
 * groups), and the rule that keeps the form's choices among them.
 */
export function usePhoneBuyCatalog(form: FormInstance<PhoneBuyValues>, values: Partial<PhoneBuyValues>) {
  const specs = usePhoneSpecs(values.region_id);
  const images = usePhoneImages();
  const periods = usePeriodDiscounts();
  const groups = usePhoneGroupOptions();

  useEffect(() => {
    const patch = reconcilePhoneBuyForm(values, {
      specs: specs.data,
      images: images.data,
      periods: periods.data,
      groupIds: groups.data?.list.map((group) => group.id),
    });
    if (!patch) return;
    // One field at a time: setFieldsValue would skip fields being cleared to undefined.
    for (const [name, value] of Object.entries(patch))
      form.setFieldValue(name as keyof PhoneBuyValues, value);
    // The answers are compared by identity: a refetch with new data re-runs the rule.
  }, [form, values, specs.data, images.data, periods.data, groups.data]);

  return { specs, images, periods, groups };
}
