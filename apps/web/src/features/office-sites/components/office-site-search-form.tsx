import { useTranslation } from 'react-i18next';
import { SearchForm, type SearchFormActions } from '../../../components/search-form';
import { SearchFields } from '../../../components/search-fields';
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
      <SearchFields
        naming={{ label: (key) => t(`filter.${key}`), testId: (key) => `office-site-${key}-filter` }}
        fields={[
          { key: 'name', text: { placeholder: t('filter.namePlaceholder'), maxLength: 64 } },
          { key: 'region', name: 'regionId', options: regions },
          { key: 'status', options: statuses },
        ]}
      />
    </SearchForm>
  );
}
