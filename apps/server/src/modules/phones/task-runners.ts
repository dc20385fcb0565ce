/**
 * Every task type's runner (issue 20), the one object the worker's `phone.task.run` and the task
 * list's result translation read. Each area adds its runners on its own line below its marker.
 */
import type { PhoneTaskRunners } from './tasks';
// -- imports: task centre (P1)
import { actionTaskRunners } from './tasks/action-tasks';
import { commandTaskRunners } from './tasks/command-tasks';

// -- imports: app centre (P2)
import { appTaskRunners } from './apps/tasks';

// -- imports: backup centre (P3)
import { backupTaskRunners } from './backups/runners';

export const PHONE_TASK_RUNNERS: PhoneTaskRunners = {
  // -- task centre (P1): start, stop, restart, reset, replace, command
  ...actionTaskRunners,
  ...commandTaskRunners,

  // -- app centre (P2): install, uninstall
  ...appTaskRunners,

  // -- backup centre (P3): backup, recovery
  ...backupTaskRunners,
};
