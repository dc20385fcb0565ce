/** The task centre (issue 20): where each backup's and restore's progress is followed. */
export const TASK_CENTER_PATH = '/phone/task';
