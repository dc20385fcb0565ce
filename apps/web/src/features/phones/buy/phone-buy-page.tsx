import { Button, Card, Empty, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { ResultView } from '../../../components/result-view';
import { pickDefaultRegion, storedRegionId } from '../../../lib/default-region';
import { usePhoneRegions } from '../api/catalog-ph-regions';
import { PhoneBuyForm } from './phone-buy-form';

/** What the page shows in place of the form: loading, the regions failing, or none on sale. */
function RegionsState({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation('phoneBuy');
  if (failed) {
    return (
      <Card>
        <ResultView
          status="warning"
          title={t('page.loadFailed')}
          extra={<Button onClick={onRetry}>{t('page.retry')}</Button>}
          data-testid="phone-buy-error"
        />
      </Card>
    );
  }
  return (
    <Card data-testid="phone-buy-loading">
      <Skeleton active paragraph={{ rows: 6 }} />
    </Card>
  );
}

/**
 * /phone/buyph (spec §2, not cached): buy cloud phones. The regions come through the stored list
 * `phRegions`; the form opens on the remembered region when phones are sold there, else the first.
 */
export function PhoneBuyPage() {
  const { t } = useTranslation('phoneBuy');
  const regions = usePhoneRegions();

  const body = () => {
    if (!regions.data) {
      return <RegionsState failed={regions.isError} onRetry={() => void regions.refetch()} />;
    }
    if (!regions.data.length) {
      return (
        <Card>
          <Empty
            description={
              <Flex vertical gap={4} align="center">
                <strong>{t('page.noRegions')}</strong>
                <span>{t('page.noRegionsHint')}</span>
              </Flex>
            }
            data-testid="phone-buy-no-regions"
          />
        </Card>
      );
    }
    return (
      <PhoneBuyForm
        regions={regions.data}
        initialRegionId={pickDefaultRegion(regions.data, undefined, storedRegionId())}
      />
    );
  };

  return (
    <Flex vertical gap="large" data-testid="page-phone-buy">
      <PageHeading title={t('page.title')} subtitle={t('page.subtitle')} />
      {body()}
    </Flex>
  );
}
