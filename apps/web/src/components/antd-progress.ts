// antd's Progress in a chunk of its own, for bars inside a list's rows: they show only once the rows
// (and the lazy table) have arrived, so it imports on demand.
export { Progress } from 'antd';
