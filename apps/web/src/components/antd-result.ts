// antd's Result in a chunk of its own, for `ResultView` (result-view.tsx) to import on demand.
export { Result } from 'antd';
