// antd's Pagination in a chunk of its own, for the list pager (pagination.tsx) to import on demand.
export { Pagination as AntPagination } from 'antd';
