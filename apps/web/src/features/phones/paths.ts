/** The phone pages' addresses (spec §2 Cloud phone menu: buyph, list). */
export const PHONE_BUY_PATH = '/phone/buyph';
export const PHONE_LIST_PATH = '/phone/list';

/** The task centre (issue 20): where the tasks an install or uninstall makes are followed. */
export const PHONE_TASK_PATH = '/phone/task';
