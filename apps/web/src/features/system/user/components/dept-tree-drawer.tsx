import type { ReactNode } from 'react';
import { Drawer } from 'antd';

/** The department tree on a phone: a drawer from the left (its code loads when first opened). */
export function DeptTreeDrawer(props: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Drawer
      open={props.open}
      onClose={props.onClose}
      title={props.title}
      placement="left"
      size={300}
      styles={{ body: { padding: 12 } }}
    >
      {props.children}
    </Drawer>
  );
}
