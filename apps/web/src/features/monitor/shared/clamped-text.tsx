import { Typography } from 'antd';

/**
 * A long text in a table cell (a job's error) cut after two lines, the whole of it in a tooltip: a
 * row keeps its height whatever the worker wrote.
 */
export function ClampedText({
  text,
  maxWidth,
  danger = false,
}: {
  text: string;
  maxWidth: number;
  danger?: boolean;
}) {
  return (
    <Typography.Paragraph
      type={danger ? 'danger' : undefined}
      ellipsis={{ rows: 2, tooltip: text }}
      style={{ marginBottom: 0, maxWidth }}
    >
      {text}
    </Typography.Paragraph>
  );
}
