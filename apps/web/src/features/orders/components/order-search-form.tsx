import type { ProductTypeOption } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { SearchForm, type SearchFormActions } from '../../../components/search-form';
import { SearchFields } from '../../../components/search-fields';
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

const TEST_IDS = {
  no: 'order-no',
  productType: 'order-product-type',
  status: 'order-status',
  resourceStatus: 'order-resource-status',
  time: 'order-range',
} as const;

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
      <SearchFields
        naming={{ label: (key) => t(`filter.${key}`), testId: (key) => TEST_IDS[key] }}
        fields={[
          { key: 'no', text: { placeholder: t('filter.noPlaceholder'), maxLength: 32 } },
          { key: 'productType', name: 'type', options: productTypes },
          { key: 'status', options: statuses },
          { key: 'resourceStatus', options: resourceStatuses },
          { key: 'time', range: true },
        ]}
      />
    </SearchForm>
  );
}
