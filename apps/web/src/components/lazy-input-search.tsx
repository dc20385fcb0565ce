import { useEffect } from 'react';
import { Skeleton, type InputProps } from 'antd';
import type { SearchProps } from 'antd/es/input';
import { lazyPart } from '../lib/lazy-part';

// antd's Input with rc-input (about 11 KB gzip): a list's search box downloads from its mount on,
// antd's input skeleton holding its place at the box's width meanwhile.
const InputSearch = lazyPart(() => import('./antd-input-search'), 'InputSearch');

/** antd's `Input.Search`, loaded on demand; `style` should fix its width (the skeleton takes the same). */
export function LazyInputSearch(props: SearchProps & Pick<InputProps, 'style'>) {
  useEffect(() => InputSearch.prefetch(), []);
  return <InputSearch {...props} fallback={<Skeleton.Input active style={props.style} />} />;
}
