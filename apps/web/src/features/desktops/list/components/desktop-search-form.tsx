import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DateRangeField,
  SearchForm,
  SelectField,
  useSearchFieldStyles,
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

/** Part of the name (trimmed before it is sent). */
function NameField() {
  const { t } = useTranslation('desktops');
  const { fieldStyle } = useSearchFieldStyles();
  return (
    <Form.Item name="name" label={t('list.filter.name')}>
      <Input
        allowClear
        maxLength={64}
        placeholder={t('list.filter.namePlaceholder')}
        style={fieldStyle}
        data-testid="desktop-filter-name"
      />
    </Form.Item>
  );
}

/** The desktop list's search form: name, status, region, billing method and the expiry window. */
export function DesktopSearchForm({ statuses, billingMethods, ...actions }: DesktopSearchFormProps) {
  const { t } = useTranslation('desktops');
  const regions = useAreaList();
  const regionOptions = regions.map((region) => ({ value: region.id, label: regionName(region) }));
  return (
    <SearchForm<DesktopSearchValues> {...actions} fieldWidth={200} testId="desktop-search">
      <NameField />
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
