import type { ReactNode } from 'react';
import { theme } from 'antd';

export interface IconTileProps {
  /** Width and height in px. */
  size: number;
  /** The icon's size in px. */
  iconSize: number;
  color: string;
  background: string;
  children: ReactNode;
}

/** An icon centred on a rounded tile (the home's products, the support channels); decorative. */
export function IconTile({ size, iconSize, color, background, children }: IconTileProps) {
  const { token } = theme.useToken();
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-flex',
        flex: 'none',
        alignItems: 'center',
        justifyContent: 'center',
        width: size,
        height: size,
        borderRadius: token.borderRadiusLG,
        fontSize: iconSize,
        color,
        background,
      }}
    >
      {children}
    </span>
  );
}
