import { Avatar } from 'antd';
import { AndroidOutlined } from '@ant-design/icons';
import type { PhoneApp } from '@cloudbay/contracts';
import { fileUrl } from '../../../lib/upload';

/** The app's icon (from its manifest), or the Android mark when it has none. */
export function AppIcon({ app, size = 48 }: { app: Pick<PhoneApp, 'icon' | 'name'>; size?: number }) {
  return (
    <Avatar
      shape="square"
      size={size}
      src={app.icon ? fileUrl(app.icon) : undefined}
      icon={<AndroidOutlined />}
      alt={app.name}
      style={{ flex: 'none', borderRadius: 12 }}
    />
  );
}
