import { useState } from 'react';
import { theme } from 'antd';
import type { User } from '@cloudbay/contracts';
import { displayName } from '../../../lib/session';
import styles from './user-avatar.module.css';

/** The user menu panel's width (user-menu-panel.tsx), which its loading state takes too. */
export const PANEL_WIDTH = 264;

/**
 * The user's avatar, or the first letter of the name on the theme colour (also when the picture
 * fails to load). Looks like antd's Avatar but measures nothing (user-avatar.module.css).
 */
export function UserAvatar({
  user,
  size,
  fontSize,
  testId = 'user-avatar',
}: {
  user: User | undefined;
  size: number;
  /** The letter's size where 18 px is too small for `size` (the profile's 88 px avatar). */
  fontSize?: number;
  testId?: string;
}) {
  const { token } = theme.useToken();
  const src = user?.avatar || undefined;
  // The picture that failed, so a new one is tried again.
  const [failed, setFailed] = useState<string>();
  const showImage = src !== undefined && src !== failed;
  return (
    <span
      className={styles.avatar}
      style={{ width: size, height: size, background: token.colorPrimary, fontSize }}
      data-testid={testId}
    >
      {showImage ? (
        <img src={src} alt="" draggable={false} onError={() => setFailed(src)} />
      ) : (
        displayName(user).slice(0, 1).toUpperCase()
      )}
    </span>
  );
}
