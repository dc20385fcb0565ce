import { Flex, Tag, theme } from 'antd';
import type { Desktop } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../../components/action-dialog';

/** The frame of every desktop dialog (the shared action dialog). */
export const DesktopDialog = ActionDialog;

/** How many names a dialog lists before it says "and N more". */
const NAMES_SHOWN = 6;

/** Which desktops the dialog acts on: one by name and id, several by their names. */
export function DialogTargets({ desktops }: { desktops: readonly Desktop[] }) {
  const { t } = useTranslation('desktops');
  const { token } = theme.useToken();
  const [only] = desktops;
  if (desktops.length === 1 && only) {
    return (
      <Flex
        gap={8}
        align="baseline"
        wrap
        style={{
          padding: '8px 12px',
          background: token.colorFillQuaternary,
          borderRadius: token.borderRadius,
        }}
      >
        <span style={{ fontWeight: token.fontWeightStrong }}>{only.name}</span>
        <span style={{ color: token.colorTextSecondary, fontFamily: token.fontFamilyCode }}>
          {only.desktop_id}
        </span>
      </Flex>
    );
  }
  const hidden = desktops.length - NAMES_SHOWN;
  return (
    <Flex vertical gap={6}>
      <span style={{ color: token.colorTextSecondary }}>
        {t('list.selectedCount', { count: desktops.length })}
      </span>
      <Flex gap={4} wrap>
        {desktops.slice(0, NAMES_SHOWN).map((desktop) => (
          <Tag key={desktop.desktop_id} style={{ marginInlineEnd: 0 }}>
            {desktop.name}
          </Tag>
        ))}
        {hidden > 0 ? (
          <Tag style={{ marginInlineEnd: 0 }}>{t('list.moreCount', { count: hidden })}</Tag>
        ) : null}
      </Flex>
    </Flex>
  );
}
