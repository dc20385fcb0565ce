import { Avatar, theme } from 'antd';
import type { User } from '@cloudbay/contracts';
import { displayName } from '../../../lib/session';

/** The user menu panel's width (user-menu-panel.tsx), which its loading state takes too. */
export const PANEL_WIDTH = 264;

/** The user's avatar, or the first letter of the name on the theme colour. */
export function UserAvatar({ user, size }: { user: User | undefined; size: number }) {
  const { token } = theme.useToken();
  return (
    <Avatar
      size={size}
      src={user?.avatar || undefined}
      style={{ background: token.colorPrimary, flex: 'none' }}
      alt=""
    >
      {displayName(user).slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
