import { AndroidOutlined } from '@ant-design/icons';
import type { PhoneApp } from '@cloudbay/contracts';
import { theme } from 'antd';
import { fileUrl } from '../../../lib/upload';

/** The app's icon (from its manifest), or the Android mark when it has none. */
export function AppIcon({ app, size = 48 }: { app: Pick<PhoneApp, 'icon' | 'name'>; size?: number }) {
  const { token } = theme.useToken();
  const frame = { width: size, height: size, borderRadius: size / 4, flex: 'none' as const };
  return app.icon ? (
    <img src={fileUrl(app.icon)} alt={app.name} style={{ ...frame, objectFit: 'cover' }} />
  ) : (
    <span
      role="img"
      aria-label={app.name}
      style={{
        ...frame,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: token.colorFillSecondary,
        color: token.colorTextSecondary,
        fontSize: size / 2,
      }}
    >
      <AndroidOutlined />
    </span>
  );
}
