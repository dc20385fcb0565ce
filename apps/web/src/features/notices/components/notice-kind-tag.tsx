import { Tag } from 'antd';
import type { NoticeKind } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';

const KIND_COLOR: Record<NoticeKind, string> = {
  account: 'blue',
  billing: 'gold',
  resource: 'cyan',
  operator: 'purple',
};

/** Where a notice comes from, as a coloured tag. */
export function NoticeKindTag({ kind }: { kind: NoticeKind }) {
  const { t } = useTranslation('notices');
  return (
    <Tag color={KIND_COLOR[kind]} variant="filled" style={{ marginInlineEnd: 0 }}>
      {t(`kind.${kind}`)}
    </Tag>
  );
}
