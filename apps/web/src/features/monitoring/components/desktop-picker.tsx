import { useEffect, useMemo, useState } from 'react';
import { Flex, Select, theme } from 'antd';
import type { Desktop } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../components/dict-tag';
import type { DictOption } from '../../../lib/dict-cache';
import { useDesktopChoices } from '../api/list-desktops';

/** How long typing rests before the server is asked for matching names. */
const SEARCH_DELAY_MS = 300;

export interface DesktopPickerProps {
  /** The desktop shown now (it stays a choice while a search does not match it). */
  value: Desktop | undefined;
  onChange: (desktop: Desktop) => void;
  statuses: readonly DictOption[];
}

function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** One choice: the name with its status, and the id under it. */
function DesktopOption({ desktop, statuses }: { desktop: Desktop; statuses: readonly DictOption[] }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <Flex justify="space-between" align="center" gap="small">
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{desktop.name}</span>
        <DictTag options={statuses} value={desktop.status} />
      </Flex>
      <span style={{ color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>{desktop.desktop_id}</span>
    </Flex>
  );
}

/**
 * The desktop to monitor: the caller's desktops, searched by name on the server (a customer may have
 * more than one page of them).
 */
export function DesktopPicker({ value, onChange, statuses }: DesktopPickerProps) {
  const { t } = useTranslation('monitoring');
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim(), SEARCH_DELAY_MS);
  const choices = useDesktopChoices(search);

  const desktops = useMemo(() => {
    const list = choices.data?.list ?? [];
    return value && !list.some((desktop) => desktop.desktop_id === value.desktop_id)
      ? [value, ...list]
      : list;
  }, [choices.data, value]);

  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      value={value?.desktop_id}
      onChange={(id: string) => {
        const picked = desktops.find((desktop) => desktop.desktop_id === id);
        if (picked) onChange(picked);
        setTyped('');
      }}
      options={desktops.map((desktop) => ({ value: desktop.desktop_id, label: desktop.name, desktop }))}
      optionRender={(option) => <DesktopOption desktop={option.data.desktop} statuses={statuses} />}
      loading={choices.isFetching}
      notFoundContent={choices.isFetching ? null : t('picker.none')}
      placeholder={t('picker.placeholder')}
      aria-label={t('picker.label')}
      popupMatchSelectWidth={false}
      style={{ width: '100%', minWidth: 0 }}
      styles={{ popup: { root: { minWidth: 280 } } }}
      data-testid="monitoring-desktop"
    />
  );
}
