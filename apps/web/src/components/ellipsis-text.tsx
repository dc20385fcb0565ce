import { useRef, useState } from 'react';
import { Tooltip, theme } from 'antd';

export interface EllipsisTextProps {
  text: string;
  /** Bold, as antd's `Typography.Text strong`. */
  strong?: boolean;
  'data-testid'?: string;
}

/**
 * One line of text cut with an ellipsis when its box is too narrow, the whole text in a tooltip
 * only when it is cut: what antd's `<Typography.Text ellipsis={{ tooltip }}>` shows, for about
 * 4 KB gzip less (Typography's measuring and editing code). The cut is checked when the pointer
 * arrives, so rendering measures nothing.
 */
export function EllipsisText({ text, strong = false, 'data-testid': testId }: EllipsisTextProps) {
  const { token } = theme.useToken();
  const ref = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  const isCut = () => {
    const element = ref.current;
    return element !== null && element.scrollWidth > element.clientWidth;
  };
  return (
    <Tooltip title={text} open={open} onOpenChange={(next) => setOpen(next && isCut())}>
      <span
        ref={ref}
        data-testid={testId}
        style={{
          display: 'block',
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          textOverflow: 'ellipsis',
          fontWeight: strong ? token.fontWeightStrong : undefined,
        }}
      >
        {text}
      </span>
    </Tooltip>
  );
}
