// antd's Empty in a chunk of its own, for the empty states of list-empty.tsx: a list shows one only
// once its rows have answered, and antd's Table, which the list loads meanwhile (lazy-table.tsx),
// imports Empty as well, so its code is usually there by then.
import { Empty, type EmptyProps } from 'antd';

/** antd's Empty; `simple`: its compact image, which suits a card. */
export function EmptyState({ simple, ...props }: EmptyProps & { simple?: boolean }) {
  return <Empty {...props} {...(simple ? { image: Empty.PRESENTED_IMAGE_SIMPLE } : {})} />;
}
