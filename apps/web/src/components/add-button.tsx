import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';

/** A list's primary "add" button that opens the page making the first (or next) record, e.g. Buy. */
export function AddButton({ to, label, testId }: { to: string; label: string; testId: string }) {
  const navigate = useNavigate();
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(to)} data-testid={testId}>
      {label}
    </Button>
  );
}
