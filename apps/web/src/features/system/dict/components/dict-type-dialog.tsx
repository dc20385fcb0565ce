import { Form, Input } from 'antd';
import type { DictTypeAdmin, DictTypeBody } from '@cloudbay/contracts';
import { DICT_TYPE_KEY } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../shared/form-dialog';
import { StatusField } from '../../shared/status-field';
import type { useDictTypeMutations } from '../api/dict-api';

type Values = Required<DictTypeBody>;

const NEW_TYPE: Partial<Values> = { status: '0', remark: '' };

export interface DictTypeDialogProps {
  open: boolean;
  /** The type to edit; absent, a new one. */
  type?: DictTypeAdmin;
  save: ReturnType<typeof useDictTypeMutations>['save'];
  onClose: () => void;
}

/** Adds or edits a dictionary type; a built-in type's key cannot change (the server says 409 too). */
export function DictTypeDialog({ open, type, save, onClose }: DictTypeDialogProps) {
  const { t } = useTranslation('systemDict');
  return (
    <FormDialog<Values, DictTypeBody>
      open={open}
      recordId={type?.dictId}
      initialValues={type ?? NEW_TYPE}
      toBody={(values) => ({ ...values, remark: values.remark ?? '' })}
      save={save}
      onClose={onClose}
      titles={{ create: t('type.createTitle'), edit: t('type.editTitle') }}
      testId="dict-type-dialog"
    >
      {() => (
        <>
          <Form.Item
            name="dictName"
            label={t('type.name')}
            rules={[{ required: true, whitespace: true, message: t('type.nameRequired') }]}
          >
            <Input maxLength={100} data-testid="dict-type-name" />
          </Form.Item>
          <Form.Item
            name="dictNameEn"
            label={t('type.nameEn')}
            rules={[{ required: true, whitespace: true, message: t('type.nameRequired') }]}
          >
            <Input maxLength={100} data-testid="dict-type-name-en" />
          </Form.Item>
          <Form.Item
            name="dictType"
            label={t('type.key')}
            extra={type?.builtin ? t('type.keyFixed') : t('type.keyHint')}
            rules={[
              { required: true, message: t('type.keyRequired') },
              { pattern: DICT_TYPE_KEY, message: t('type.keyHint') },
            ]}
          >
            <Input maxLength={100} disabled={type?.builtin} data-testid="dict-type-key" />
          </Form.Item>
          <StatusField testId="dict-type-status" />
          <Form.Item name="remark" label={t('remark')}>
            <Input.TextArea maxLength={500} rows={2} data-testid="dict-type-remark" />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
