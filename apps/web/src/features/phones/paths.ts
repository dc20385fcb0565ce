/** The phone pages' addresses (spec §2 Cloud phone menu: buyph, list). */
export const PHONE_BUY_PATH = '/phone/buyph';
export const PHONE_LIST_PATH = '/phone/list';
/** The task centre (issue 20); `?phone=<id>&type=<type>` opens it filtered. */
export const PHONE_TASK_PATH = '/phone/task';
