import { Button, Flex, Tooltip, theme } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { copyText } from '../lib/copy';

/** A number or code in the code font with a copy button labelled `copyLabel` (order and bill numbers). */
export function CopyableCode({ value, copyLabel }: { value: string; copyLabel: string }) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap={2}>
      <span style={{ fontFamily: token.fontFamilyCode, wordBreak: 'break-all' }}>{value}</span>
      <Tooltip title={copyLabel}>
        <Button
          type="text"
          size="small"
          icon={<CopyOutlined />}
          aria-label={copyLabel}
          onClick={(event) => {
            // The row around it may open a detail view on click.
            event.stopPropagation();
            void copyText(value);
          }}
        />
      </Tooltip>
    </Flex>
  );
}
