import { useMemo, useState } from 'react';
import { Flex, Form, Select, theme } from 'antd';
import type { Phone } from '@cloudbay/contracts';
import { MAX_BATCH_PHONES } from '@cloudbay/contracts/core';
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

/** A phone as a choice of a phone picker: its name, and a note beside it (its status, why it is refused). */
export function PhoneOptionLabel({ phone, note }: { phone: Phone; note: string }) {
  const { token } = theme.useToken();
  return (
    <Flex justify="space-between" gap="small">
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{phone.display_name ?? phone.name}</span>
      <span style={{ color: token.colorTextTertiary, fontSize: token.fontSizeSM, whiteSpace: 'nowrap' }}>
        {note}
      </span>
    </Flex>
  );
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
      label: <PhoneOptionLabel phone={phone} note={note ?? t(`status.${phone.status}`)} />,
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

/** The phones a dialog has chosen, and what is wrong with the choice (none, or too many at once). */
export function usePhoneSelection() {
  const { t } = useTranslation('phoneGroups');
  const [chosen, setChosen] = useState<Phone[]>([]);
  const [error, setError] = useState<string>();
  const tooMany = t('picker.tooMany', { max: MAX_BATCH_PHONES });
  const onChange = (phones: Phone[]) => {
    setChosen(phones);
    setError(phones.length > MAX_BATCH_PHONES ? tooMany : undefined);
  };
  /** The chosen phones' ids when they can be sent; otherwise the field says why and this is undefined. */
  const ready = (): string[] | undefined => {
    const problem =
      chosen.length === 0 ? t('picker.required') : chosen.length > MAX_BATCH_PHONES ? tooMany : undefined;
    setError(problem);
    return problem ? undefined : chosen.map((phone) => phone.id);
  };
  return { chosen, setChosen, error, onChange, ready };
}
export type PhoneSelection = ReturnType<typeof usePhoneSelection>;

/** The picker as a form field showing the selection's error. */
export function PhonePickerField({
  selection,
  ...picker
}: Omit<PhonePickerProps, 'value' | 'onChange'> & { selection: PhoneSelection }) {
  return (
    <Form.Item
      label={picker.label}
      validateStatus={selection.error ? 'error' : undefined}
      help={selection.error}
      style={{ marginBottom: 0 }}
    >
      <PhonePicker value={selection.chosen} onChange={selection.onChange} {...picker} />
    </Form.Item>
  );
}
