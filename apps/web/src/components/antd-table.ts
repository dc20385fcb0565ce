// antd's Table in a chunk of its own, for `LazyTable` (lazy-table.tsx) to import on demand.
export { Table } from 'antd';
