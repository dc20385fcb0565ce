import { Col, Form, Input, Row, Select } from 'antd';
import type { AdminCodeTableEntry, AdminHotGoodsBody } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { GoodsCard } from '../../../home/components/hot-goods';
import { useCodeTable } from '../api/content-api';
import type { ContentDialogProps } from './content-rows-tab';
import { BilingualFields, ContentFormDialog, ImageField, pick, previewImage } from './content-form';

type Values = Required<AdminHotGoodsBody>;
const NEW_GOODS = {
  descriptionZh: '',
  descriptionEn: '',
  tagZh: '',
  tagEn: '',
  bundleId: null,
  priceUnit: 'unit.month',
  link: '',
  sort: 0,
  enabled: true,
};

/** The price units customers can be shown: the code table's `unit.*` entries. */
function usePriceUnits(): AdminCodeTableEntry[] {
  return useCodeTable({ page: 1, limit: 50, keyword: 'unit.' }).data?.list ?? [];
}

/** Adds or edits a featured product, with its card as customers will see it. */
export function HotGoodsDialog({ open, record, save, onClose }: ContentDialogProps<'hot_goods'>) {
  const { t, i18n } = useTranslation('businessContent');
  const units = usePriceUnits();
  const unitOf = (key: string | undefined) => units.find((entry) => entry.key === key);
  return (
    <ContentFormDialog<Values, AdminHotGoodsBody>
      kind="goods"
      open={open}
      recordId={record?.id}
      initialValues={record ?? NEW_GOODS}
      toBody={(values) => ({
        ...NEW_GOODS,
        ...values,
        bundleId: values.bundleId?.trim() ? values.bundleId.trim() : null,
      })}
      save={save}
      onClose={onClose}
      fields={
        <>
          <BilingualFields zh="nameZh" en="nameEn" label={t('goods.name')} max={100} required />
          <BilingualFields
            zh="descriptionZh"
            en="descriptionEn"
            label={t('goods.description')}
            max={300}
            multiline
          />
          <BilingualFields zh="tagZh" en="tagEn" label={t('goods.tag')} max={20} />
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="price"
                label={t('goods.price')}
                rules={[
                  { required: true, message: t('goods.priceInvalid') },
                  { pattern: /^\d{1,7}(\.\d{1,2})?$/, message: t('goods.priceInvalid') },
                ]}
              >
                <Input prefix="$" maxLength={10} data-testid="content-field-price" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="priceUnit" label={t('goods.unit')}>
                <Select
                  options={units.map((unit) => ({
                    value: unit.key,
                    label: i18n.language === 'zh-CN' ? unit.labelZh : unit.labelEn,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="bundleId" label={t('goods.bundle')} extra={t('goods.bundleHint')}>
                <Input maxLength={60} placeholder="b-general-2c4g" allowClear />
              </Form.Item>
            </Col>
          </Row>
          <ImageField />
        </>
      }
      preview={(values, language) => (
        <div style={{ maxWidth: 300 }}>
          <GoodsCard
            goods={{
              id: 0,
              name: pick(language, values.nameZh, values.nameEn),
              description: pick(language, values.descriptionZh, values.descriptionEn),
              tag: pick(language, values.tagZh, values.tagEn),
              price: values.price ?? '',
              price_unit: pick(
                language,
                unitOf(values.priceUnit)?.labelZh,
                unitOf(values.priceUnit)?.labelEn,
              ),
              image: previewImage(values.image),
              link: values.link ?? '',
            }}
          />
        </div>
      )}
    />
  );
}
