import { Form, Input, InputNumber, Radio, Select } from 'antd';
import type { DictDataAdmin, DictDataBody } from '@cloudbay/contracts';
import { DICT_LIST_CLASSES } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../../components/dict-tag';
import { FormDialog } from '../../shared/form-dialog';
import { StatusField } from '../../shared/status-field';
import type { useDictDataMutations } from '../api/dict-api';

type Values = Required<DictDataBody>;

/** RuoYi's tag styles, shown as the tag they make. */
const LIST_CLASSES = DICT_LIST_CLASSES.filter((style) => style !== '');

export interface DictDataDialogProps {
  open: boolean;
  dictType: string;
  /** The entry to edit; absent, a new one of `dictType`. */
  entry?: DictDataAdmin;
  save: ReturnType<typeof useDictDataMutations>['save'];
  onClose: () => void;
}

/** Adds or edits an entry; a value the code relies on keeps its value (the server says 409 too). */
export function DictDataDialog({ open, dictType, entry, save, onClose }: DictDataDialogProps) {
  const { t } = useTranslation('systemDict');
  const initial: object = entry ?? {
    dictType,
    dictSort: 0,
    listClass: 'default',
    cssClass: '',
    isDefault: 'N',
    status: '0',
    remark: '',
  };
  return (
    <FormDialog<Values, DictDataBody>
      open={open}
      recordId={entry?.dictCode}
      initialValues={initial}
      toBody={(values) => ({ ...values, cssClass: values.cssClass ?? '', remark: values.remark ?? '' })}
      save={save}
      onClose={onClose}
      titles={{ create: t('data.createTitle'), edit: t('data.editTitle') }}
      testId="dict-data-dialog"
    >
      {() => (
        <>
          <Form.Item name="dictType" label={t('type.key')}>
            <Input disabled />
          </Form.Item>
          <Form.Item
            name="dictLabel"
            label={t('data.label')}
            rules={[{ required: true, whitespace: true, message: t('data.labelRequired') }]}
          >
            <Input maxLength={100} data-testid="dict-data-label" />
          </Form.Item>
          <Form.Item
            name="dictLabelEn"
            label={t('data.labelEn')}
            rules={[{ required: true, whitespace: true, message: t('data.labelRequired') }]}
          >
            <Input maxLength={100} data-testid="dict-data-label-en" />
          </Form.Item>
          <Form.Item
            name="dictValue"
            label={t('data.value')}
            extra={entry?.builtin ? t('data.valueFixed') : undefined}
            rules={[{ required: true, whitespace: true, message: t('data.valueRequired') }]}
          >
            <Input maxLength={100} disabled={entry?.builtin} data-testid="dict-data-value" />
          </Form.Item>
          <Form.Item name="cssClass" label={t('data.cssClass')}>
            <Input maxLength={100} data-testid="dict-data-css" />
          </Form.Item>
          <Form.Item name="dictSort" label={t('data.sort')}>
            <InputNumber min={0} max={9999} precision={0} data-testid="dict-data-sort" />
          </Form.Item>
          <Form.Item name="listClass" label={t('data.listClass')}>
            <Select
              data-testid="dict-data-list-class"
              options={LIST_CLASSES.map((style) => ({
                value: style,
                label: (
                  <DictTag
                    options={[
                      { value: style, label: t(`listClass.${style}`), elTagType: style, elTagClass: '' },
                    ]}
                    value={style}
                  />
                ),
              }))}
            />
          </Form.Item>
          <Form.Item name="isDefault" label={t('data.isDefault')}>
            <Radio.Group
              options={[
                { value: 'Y', label: t('data.yes') },
                { value: 'N', label: t('data.no') },
              ]}
            />
          </Form.Item>
          <StatusField testId="dict-data-status" />
          <Form.Item name="remark" label={t('remark')}>
            <Input.TextArea maxLength={500} rows={2} />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
