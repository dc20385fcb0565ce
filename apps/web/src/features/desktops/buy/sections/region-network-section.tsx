import { Form, Radio, Tag } from 'antd';
import type { OfficeSite, Region, RegionCount } from '@cloudbay/contracts';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAvailablePath } from '../../../../lib/available-routes';
import { regionName } from '../../../../lib/regions';
import { FREE_OFFICE_SITE } from '../buy-form';
import { countIn } from '../default-region';
import { OFFICE_NETWORK_PATH } from '../paths';
import { joinableOfficeSites } from '../reconcile-buy-form';
import {
  BuySection,
  ChoiceContent,
  FieldNote,
  type FieldControl,
} from '../../../../components/purchase/buy-section';
import { ChoiceGrid } from '../../../../components/purchase/choice-grid';

export interface RegionNetworkSectionProps {
  regions: readonly Region[];
  /** The customer's desktops and broadband lines per region (spec §9: region names show them). */
  desktopCounts: RegionCount | undefined;
  lineCounts: RegionCount | undefined;
  /** The customer's office networks in the chosen region; undefined while loading. */
  officeSites: readonly OfficeSite[] | undefined;
  officeSitesFailed: boolean;
}

function RegionPicker({
  regions,
  desktopCounts,
  lineCounts,
  ...control
}: Pick<RegionNetworkSectionProps, 'regions' | 'desktopCounts' | 'lineCounts'> & FieldControl<number>) {
  const { t } = useTranslation('desktopBuy');
  return (
    <ChoiceGrid
      {...control}
      entries={regions}
      valueOf={(region) => region.id}
      card={(region) => (
        <ChoiceContent
          title={regionName(region)}
          meta={[
            t('region.counts', {
              desktops: countIn(desktopCounts, region.id),
              lines: countIn(lineCounts, region.id),
            }),
          ]}
        />
      )}
      minWidth={150}
      ariaLabel={t('region.label')}
      testId="buy-region"
      itemTestId="buy-region"
    />
  );
}

function NetworkPicker({
  officeSites,
  ...control
}: { officeSites: readonly OfficeSite[] | undefined } & FieldControl<string>) {
  const { t } = useTranslation('desktopBuy');
  const free = officeSites?.find((site) => site.is_default);
  return (
    <ChoiceGrid
      {...control}
      before={
        <Radio.Button value={FREE_OFFICE_SITE} data-testid="buy-network-free">
          <ChoiceContent
            title={t('network.free')}
            meta={[
              t('network.freeHint'),
              free ? t('network.freeInUse', { count: free.desktop_count }) : null,
            ]}
          />
        </Radio.Button>
      }
      entries={joinableOfficeSites(officeSites)}
      valueOf={(site) => site.office_site_id}
      card={(site) => (
        <ChoiceContent
          title={site.name}
          extra={
            site.status === 'creating' ? (
              <Tag color="processing" style={{ marginInlineEnd: 0 }}>
                {t('network.creating')}
              </Tag>
            ) : null
          }
          meta={[t('network.paid', { bandwidth: site.bandwidth, count: site.desktop_count }), site.ip]}
        />
      )}
      minWidth={200}
      ariaLabel={t('network.label')}
      testId="buy-network"
      itemTestId="buy-network"
    />
  );
}

/** Paid networks are bought on the office network page, when this session has it. */
function NetworkNote({ failed }: { failed: boolean }) {
  const { t } = useTranslation('desktopBuy');
  if (failed) return <FieldNote>{t('network.loadFailed')}</FieldNote>;
  return (
    <FieldNote>
      {t('network.buyHint')}{' '}
      {isAvailablePath(OFFICE_NETWORK_PATH) ? (
        <Link to={OFFICE_NETWORK_PATH} data-testid="buy-network-link">
          {t('network.buyLink')}
        </Link>
      ) : (
        t('network.buyLink')
      )}
    </FieldNote>
  );
}

/** Region (with the customer's counts) and the office network the computers join. */
export function RegionNetworkSection(props: RegionNetworkSectionProps) {
  const { t } = useTranslation('desktopBuy');
  return (
    <BuySection title={t('section.region')} testId="buy-section-region">
      <Form.Item name="region_id" label={t('region.label')} extra={t('region.hint')}>
        <RegionPicker
          regions={props.regions}
          desktopCounts={props.desktopCounts}
          lineCounts={props.lineCounts}
        />
      </Form.Item>
      <Form.Item
        name="office_site_id"
        label={t('network.label')}
        extra={<NetworkNote failed={props.officeSitesFailed} />}
      >
        <NetworkPicker officeSites={props.officeSites} />
      </Form.Item>
    </BuySection>
  );
}
