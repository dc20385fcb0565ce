import { BUSINESS_RESOURCE_PERMS } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { SheetExportButtons } from '../../shared/sheet-export-buttons';
import { useExportBusinessResources, type ResourceFilter } from '../api/resource-api';

/** The resource list's XLSX / CSV export of what the search shows (`business:resource:export`). */
export function ResourceExportButtons({
  filter,
  total,
}: {
  filter: Partial<ResourceFilter>;
  total: number | undefined;
}) {
  const { t } = useTranslation('businessResource');
  return (
    <SheetExportButtons
      permission={BUSINESS_RESOURCE_PERMS.export}
      exporter={useExportBusinessResources()}
      filter={filter}
      total={total}
      labels={{ xlsx: t('export'), csv: t('exportCsv') }}
      testId="resource-export"
    />
  );
}
