import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  SearchForm,
  SelectField,
  useSearchFieldStyles,
  type SearchFormActions,
} from '../../../components/search-form';
import type { DictOption } from '../../../lib/dict-cache';
import type { OfficeSiteSearchValues } from '../office-site-filter';

export interface OfficeSiteSearchFormProps extends SearchFormActions<OfficeSiteSearchValues> {
  /** The desktop regions, labelled in the page's language. */
  regions: readonly { value: number; label: string }[];
  /** The `office_site_status` dictionary's entries. */
  statuses: readonly DictOption[];
}

function NameField() {
  const { t } = useTranslation('officeSites');
  const { fieldStyle } = useSearchFieldStyles();
  return (
    <Form.Item name="name" label={t('filter.name')}>
      <Input
        allowClear
        maxLength={64}
        placeholder={t('filter.namePlaceholder')}
        style={fieldStyle}
        data-testid="office-site-name-filter"
      />
    </Form.Item>
  );
}

/** The office network list's search form: name, region, status. */
export function OfficeSiteSearchForm({ regions, statuses, ...actions }: OfficeSiteSearchFormProps) {
  const { t } = useTranslation('officeSites');
  return (
    <SearchForm<OfficeSiteSearchValues> {...actions} fieldWidth={200} testId="office-site-search">
      <NameField />
      <SelectField
        name="regionId"
        label={t('filter.region')}
        options={regions}
        testId="office-site-region-filter"
      />
      <SelectField
        name="status"
        label={t('filter.status')}
        options={statuses}
        testId="office-site-status-filter"
      />
    </SearchForm>
  );
}
