import { Button, Card, Descriptions, Flex, Skeleton, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../components/access-guards';
import { useMarkup } from '../api/catalog';
import { EDIT_PERMISSION } from './area-columns';
import type { Editing } from './catalog-edit-dialog';
import { PricePreview } from './price-preview';

/** The markup: one setting, with the formula it enters and the preview of a standing quote. */
export function MarkupTab({ onEdit }: { onEdit: (editing: Editing) => void }) {
  const { t } = useTranslation('businessCatalog');
  const markup = useMarkup();
  return (
    <Flex vertical gap="middle">
      <Card>
        {markup.data ? (
          <Descriptions column={1} data-testid="catalog-markup">
            <Descriptions.Item label={t('markup.current')}>
              <Typography.Text strong data-testid="catalog-markup-value">
                {markup.data.markupPercent}%
              </Typography.Text>
              <HasPermi value={[EDIT_PERMISSION]}>
                <Button
                  type="link"
                  icon={<EditOutlined />}
                  onClick={() => onEdit({ area: 'markup', row: markup.data })}
                  data-testid="catalog-markup-edit"
                >
                  {t('edit')}
                </Button>
              </HasPermi>
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Skeleton active paragraph={{ rows: 1 }} />
        )}
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('markup.help')}
        </Typography.Paragraph>
      </Card>
      <HasPermi value={[EDIT_PERMISSION]}>
        <PricePreview start={{ product: 'desktop' }} />
      </HasPermi>
    </Flex>
  );
}
