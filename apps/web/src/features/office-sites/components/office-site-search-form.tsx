import { useTranslation } from 'react-i18next';
import { SearchForm, SelectField, TextField, type SearchFormActions } from '../../../components/search-form';
import type { DictOption } from '../../../lib/dict-cache';
import type { OfficeSiteSearchValues } from '../office-site-filter';

export interface OfficeSiteSearchFormProps extends SearchFormActions<OfficeSiteSearchValues> {
  /** The desktop regions, labelled in the page's language. */
  regions: readonly { value: number; label: string }[];
  /** The `office_site_status` dictionary's entries. */
  statuses: readonly DictOption[];
}

/** The office network list's search form: name, region, status. */
export function OfficeSiteSearchForm({ regions, statuses, ...actions }: OfficeSiteSearchFormProps) {
  const { t } = useTranslation('officeSites');
  return (
    <SearchForm<OfficeSiteSearchValues> {...actions} fieldWidth={200} testId="office-site-search">
      <TextField
        name="name"
        label={t('filter.name')}
        placeholder={t('filter.namePlaceholder')}
        maxLength={64}
        testId="office-site-name-filter"
      />
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
