// antd's Alert in a chunk of its own, for notices a page shows only now and then (after a purchase)
// to import on demand.
export { Alert } from 'antd';
