import { Card, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../../components/page-heading';
import { lazyPart } from '../../../../lib/lazy-part';

// The tables, tabs and dialogs load after the heading: the operator pages share a tight first-load budget.
const BusinessAppContent = lazyPart(() => import('./business-app-content'), 'BusinessAppContent');

/** 业务管理 › 应用管理 (issue 20): the app store's APKs (upload, versions, show/hide) and categories. */
export function BusinessAppPage() {
  const { t } = useTranslation('phoneAppsAdmin');
  return (
    <Flex vertical gap="large" data-testid="page-business-apps">
      <PageHeading title={t('title')} subtitle={t('subtitle')} />
      <Card>
        <BusinessAppContent fallback={<Skeleton active paragraph={{ rows: 6 }} />} />
      </Card>
    </Flex>
  );
}
