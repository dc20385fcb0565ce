import { useTranslation } from 'react-i18next';
import { SearchForm, type SearchFormActions } from '../../../../components/search-form';
import { SearchFields } from '../../../../components/search-fields';
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
  const regions = useAreaList().map((region) => ({ value: region.id, label: regionName(region) }));
  return (
    <SearchForm<DesktopSearchValues> {...actions} fieldWidth={200} testId="desktop-search">
      <SearchFields
        naming={{ label: (key) => t(`list.filter.${key}`), testId: (key) => `desktop-filter-${key}` }}
        fields={[
          { key: 'name', text: { placeholder: t('list.filter.namePlaceholder'), maxLength: 64 } },
          { key: 'status', options: statuses },
          { key: 'region', name: 'regionId', options: regions },
          { key: 'billing', name: 'billingMethod', options: billingMethods },
          { key: 'expiry', range: true },
        ]}
      />
    </SearchForm>
  );
}
