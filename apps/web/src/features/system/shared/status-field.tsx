import { Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../lib/dict-cache';

/** The enabled / disabled radio of a form, labelled by the sys_normal_disable dictionary. */
export function StatusField({ testId }: { testId: string }) {
  const { t } = useTranslation('systemShared');
  const { sys_normal_disable: statuses } = useDict('sys_normal_disable');
  return (
    <Form.Item name="status" label={t('status')}>
      <Radio.Group
        options={statuses.map((option) => ({ value: option.value, label: option.label }))}
        data-testid={testId}
      />
    </Form.Item>
  );
}
