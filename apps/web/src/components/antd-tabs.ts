// antd's Tabs in a chunk of its own (about 8 KB gzip), for a page whose tabs hold a list that is
// itself lazy (LazyTable): it downloads from the page's mount on, with the list's rows.
export { Tabs } from 'antd';
