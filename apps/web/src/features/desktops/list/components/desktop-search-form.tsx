import { useTranslation } from 'react-i18next';
import {
  DateRangeField,
  SearchForm,
  SelectField,
  TextField,
  type SearchFormActions,
} from '../../../../components/search-form';
import type { DictOption } from '../../../../lib/dict-cache';
import { regionName, useAreaList } from '../../../../lib/regions';
import type { DesktopSearchValues } from '../desktop-filter';

export interface DesktopSearchFormProps extends SearchFormActions<DesktopSearchValues> {
  /** The `desktop_status` dictionary's entries. */
  statuses: readonly DictOption[];
  /** The `billing_method` dictionary's entries. */
  billingMethods: readonly DictOption[];
}

/** The desktop list's search form: name, status, region, billing method and the expiry window. */
export function DesktopSearchForm({ statuses, billingMethods, ...actions }: DesktopSearchFormProps) {
  const { t } = useTranslation('desktops');
  const regions = useAreaList();
  const regionOptions = regions.map((region) => ({ value: region.id, label: regionName(region) }));
  return (
    <SearchForm<DesktopSearchValues> {...actions} fieldWidth={200} testId="desktop-search">
      <TextField
        name="name"
        label={t('list.filter.name')}
        placeholder={t('list.filter.namePlaceholder')}
        maxLength={64}
        testId="desktop-filter-name"
      />
      <SelectField
        name="status"
        label={t('list.filter.status')}
        options={statuses}
        testId="desktop-filter-status"
      />
      <SelectField
        name="regionId"
        label={t('list.filter.region')}
        options={regionOptions}
        testId="desktop-filter-region"
      />
      <SelectField
        name="billingMethod"
        label={t('list.filter.billing')}
        options={billingMethods}
        testId="desktop-filter-billing"
      />
      <DateRangeField label={t('list.filter.expiry')} testId="desktop-filter-expiry" />
    </SearchForm>
  );
}
