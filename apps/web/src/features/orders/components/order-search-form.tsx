import type { ProductTypeOption } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import {
  DateRangeField,
  SearchForm,
  SelectField,
  TextField,
  type SearchFormActions,
} from '../../../components/search-form';
import type { DictOption } from '../../../lib/dict-cache';
import type { OrderSearchValues } from '../order-filter';

export interface OrderSearchFormProps extends SearchFormActions<OrderSearchValues> {
  /** GET /user/order/product_type's answer. */
  productTypes: readonly ProductTypeOption[];
  /** The `order_status` dictionary's entries. */
  statuses: readonly DictOption[];
  /** The `resource_status` dictionary's entries. */
  resourceStatuses: readonly DictOption[];
}

/** The order list's search form: number, product type, order and resource status, creation dates. */
export function OrderSearchForm({
  productTypes,
  statuses,
  resourceStatuses,
  ...actions
}: OrderSearchFormProps) {
  const { t } = useTranslation('orders');
  return (
    <SearchForm<OrderSearchValues> {...actions} fieldWidth={200} testId="order-search">
      <TextField
        name="no"
        label={t('filter.no')}
        placeholder={t('filter.noPlaceholder')}
        maxLength={32}
        testId="order-no"
      />
      <SelectField
        name="type"
        label={t('filter.productType')}
        options={productTypes}
        testId="order-product-type"
      />
      <SelectField name="status" label={t('filter.status')} options={statuses} testId="order-status" />
      <SelectField
        name="resourceStatus"
        label={t('filter.resourceStatus')}
        options={resourceStatuses}
        testId="order-resource-status"
      />
      <DateRangeField label={t('filter.time')} testId="order-range" />
    </SearchForm>
  );
}
