import { PHONE_STATUSES, UNGROUPED } from '@cloudbay/contracts/core';
import type { PhoneGroup } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { SearchForm, type SearchFormActions } from '../../../components/search-form';
import { SearchFields } from '../../../components/search-fields';
import { regionName, usePhRegions } from '../../../lib/regions';
import type { PhoneSearchValues } from './phone-filter';

export interface PhoneSearchFormProps extends SearchFormActions<PhoneSearchValues> {
  groups: readonly PhoneGroup[] | undefined;
}

/** The phone list's search form: name, status, region, group, billing method and the expiry window. */
export function PhoneSearchForm({ groups, ...actions }: PhoneSearchFormProps) {
  const { t } = useTranslation('phones');
  const regions = usePhRegions().map((region) => ({ value: region.id, label: regionName(region) }));
  // The list never holds released phones: that status could match nothing.
  const statuses = PHONE_STATUSES.filter((status) => status !== 'deleted').map((status) => ({
    value: status,
    label: t(`list.status.${status}`),
  }));
  const groupOptions = [
    { value: UNGROUPED, label: t('list.cell.ungrouped') },
    ...(groups ?? []).map((group) => ({ value: group.id, label: group.name })),
  ];
  const billingMethods = (['subscription', 'payg'] as const).map((method) => ({
    value: method,
    label: t(`list.cell.${method}`),
  }));
  return (
    <SearchForm<PhoneSearchValues> {...actions} fieldWidth={200} testId="phone-search">
      <SearchFields
        naming={{ label: (key) => t(`list.filter.${key}`), testId: (key) => `phone-filter-${key}` }}
        fields={[
          { key: 'name', text: { placeholder: t('list.filter.namePlaceholder'), maxLength: 30 } },
          { key: 'status', options: statuses },
          { key: 'region', name: 'regionId', options: regions },
          { key: 'group', name: 'groupId', options: groupOptions },
          { key: 'billing', name: 'billingMethod', options: billingMethods },
          { key: 'expiry', range: true },
        ]}
      />
    </SearchForm>
  );
}
