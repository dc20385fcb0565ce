// Apart from status.tsx: antd's Form and Radio stay out of the lists that only show the status tag.
import { Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStatusOptions } from './status';

/** The enabled / disabled radio of a form, labelled by the sys_normal_disable dictionary. */
export function StatusField({ testId }: { testId: string }) {
  const { t } = useTranslation('systemShared');
  const statuses = useStatusOptions();
  return (
    <Form.Item name="status" label={t('status')}>
      <Radio.Group
        options={statuses.map((option) => ({ value: option.value, label: option.label }))}
        data-testid={testId}
      />
    </Form.Item>
  );
}
