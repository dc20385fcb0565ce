import { Flex, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazyInputSearch } from '../../../components/lazy-input-search';
import { useAppCategories } from './api/phone-apps';

export type AppSource = 'all' | 'catalogue' | 'own';

export interface AppFiltersProps {
  source: AppSource;
  onSource: (source: AppSource) => void;
  categoryId: number | undefined;
  onCategory: (categoryId: number | undefined) => void;
  onName: (name: string) => void;
}

/** The app centre's filters: where the apps come from, their category, part of a name. */
export function AppFilters({ source, onSource, categoryId, onCategory, onName }: AppFiltersProps) {
  const { t } = useTranslation('phoneApps');
  const categories = useAppCategories();
  return (
    <Flex gap="middle" wrap justify="space-between">
      <Segmented<AppSource>
        value={source}
        onChange={onSource}
        options={[
          { value: 'all', label: t('filter.all') },
          { value: 'catalogue', label: t('filter.catalogue') },
          { value: 'own', label: t('filter.own') },
        ]}
        data-testid="app-source"
      />
      <Flex gap="small" wrap>
        <Select<number>
          allowClear
          value={categoryId}
          onChange={onCategory}
          placeholder={t('filter.allCategories')}
          aria-label={t('filter.category')}
          loading={categories.isPending}
          options={(categories.data ?? []).map((category) => ({ value: category.id, label: category.name }))}
          style={{ width: 160 }}
          data-testid="app-category"
        />
        <LazyInputSearch
          allowClear
          placeholder={t('filter.search')}
          onSearch={(value) => onName(value.trim())}
          style={{ width: 240 }}
          data-testid="app-search"
        />
      </Flex>
    </Flex>
  );
}
