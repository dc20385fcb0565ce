import { PHONE_STATUSES, UNGROUPED } from '@cloudbay/contracts/core';
import type { PhoneGroup } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import {
  DateRangeField,
  SearchForm,
  SelectField,
  TextField,
  type SearchFormActions,
} from '../../../components/search-form';
import { regionName, usePhRegions } from '../../../lib/regions';
import type { PhoneSearchValues } from './phone-filter';

export interface PhoneSearchFormProps extends SearchFormActions<PhoneSearchValues> {
  groups: readonly PhoneGroup[] | undefined;
}

/** The phone list's search form: name, status, region, group, billing method and the expiry window. */
export function PhoneSearchForm({ groups, ...actions }: PhoneSearchFormProps) {
  const { t } = useTranslation('phones');
  const regions = usePhRegions();
  return (
    <SearchForm<PhoneSearchValues> {...actions} fieldWidth={200} testId="phone-search">
      <TextField
        name="name"
        label={t('list.filter.name')}
        placeholder={t('list.filter.namePlaceholder')}
        maxLength={30}
        testId="phone-filter-name"
      />
      <SelectField
        name="status"
        label={t('list.filter.status')}
        // The list never holds released phones: that status could match nothing.
        options={PHONE_STATUSES.filter((status) => status !== 'deleted').map((status) => ({
          value: status,
          label: t(`list.status.${status}`),
        }))}
        testId="phone-filter-status"
      />
      <SelectField
        name="regionId"
        label={t('list.filter.region')}
        options={regions.map((region) => ({ value: region.id, label: regionName(region) }))}
        testId="phone-filter-region"
      />
      <SelectField
        name="groupId"
        label={t('list.filter.group')}
        options={[
          { value: UNGROUPED, label: t('list.cell.ungrouped') },
          ...(groups ?? []).map((group) => ({ value: group.id, label: group.name })),
        ]}
        testId="phone-filter-group"
      />
      <SelectField
        name="billingMethod"
        label={t('list.filter.billing')}
        options={[
          { value: 'subscription', label: t('list.cell.subscription') },
          { value: 'payg', label: t('list.cell.payg') },
        ]}
        testId="phone-filter-billing"
      />
      <DateRangeField label={t('list.filter.expiry')} testId="phone-filter-expiry" />
    </SearchForm>
  );
}
