import { useMemo, useState } from 'react';
import { Flex, Select, theme } from 'antd';
import type { Phone } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePhoneChoices } from '../api/phone-choices';

export interface PhonePickerProps {
  /** The phones chosen, kept whole so a later search that does not list them still names them. */
  value: Phone[];
  onChange: (phones: Phone[]) => void;
  /** Only this group's phones (UNGROUPED: the ungrouped); undefined: all of them. */
  groupId?: number;
  /** Why a phone cannot be chosen (shown beside it, greyed), or undefined when it can. */
  refusalOf?: (phone: Phone) => string | undefined;
  /** What else to say beside a phone that can be chosen, e.g. its group. */
  noteOf?: (phone: Phone) => string | undefined;
  label: string;
  testId: string;
}

/** A multiple choice of the caller's phones, searched by name on the server (GET /user/ph/phone). */
export function PhonePicker({
  value,
  onChange,
  groupId,
  refusalOf,
  noteOf,
  label,
  testId,
}: PhonePickerProps) {
  const { t } = useTranslation('phoneGroups');
  const { token } = theme.useToken();
  const [typed, setTyped] = useState('');
  const name = useDebouncedValue(typed.trim());
  const choices = usePhoneChoices({ name, ...(groupId !== undefined ? { groupId } : {}) });

  const phones = useMemo(() => {
    const found = choices.data?.list ?? [];
    const extra = value.filter((phone) => !found.some((item) => item.id === phone.id));
    return [...extra, ...found];
  }, [choices.data, value]);

  const options = phones.map((phone) => {
    const refusal = refusalOf?.(phone);
    const note = refusal ?? noteOf?.(phone);
    return {
      value: phone.id,
      disabled: refusal !== undefined,
      label: (
        <Flex justify="space-between" gap="small">
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {phone.display_name ?? phone.name}
          </span>
          <span style={{ color: token.colorTextTertiary, fontSize: token.fontSizeSM, whiteSpace: 'nowrap' }}>
            {note ?? t(`status.${phone.status}`)}
          </span>
        </Flex>
      ),
    };
  });

  return (
    <Select<string[]>
      mode="multiple"
      value={value.map((phone) => phone.id)}
      onChange={(ids) => onChange(ids.flatMap((id) => phones.filter((phone) => phone.id === id)))}
      options={options}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      loading={choices.isFetching}
      notFoundContent={choices.isFetching ? null : t('picker.none')}
      placeholder={t('picker.placeholder')}
      aria-label={label}
      maxTagCount="responsive"
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
