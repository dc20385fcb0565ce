// antd's Input.Search in a chunk of its own, for `LazyInputSearch` (lazy-input-search.tsx) to import on demand.
import { Input } from 'antd';

export const InputSearch = Input.Search;
