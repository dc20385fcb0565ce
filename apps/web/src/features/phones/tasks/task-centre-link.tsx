/** "View in task center": the task centre filtered to what was just started (a phone, a task type). */
import type { PhoneTaskType } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { PHONE_TASK_PATH } from '../paths';

export function taskCentreHref({ phoneId, type }: { phoneId?: string; type?: PhoneTaskType }): string {
  const query = new URLSearchParams({ ...(type ? { type } : {}), ...(phoneId ? { phone: phoneId } : {}) });
  const search = query.toString();
  return search ? `${PHONE_TASK_PATH}?${search}` : PHONE_TASK_PATH;
}

export function TaskCentreLink({ phoneId, type }: { phoneId?: string; type?: PhoneTaskType }) {
  const { t } = useTranslation('phoneTasks');
  return (
    <Link to={taskCentreHref({ phoneId, type })} data-testid="task-centre-link">
      {t('link.viewTasks')}
    </Link>
  );
}

/**
 * The same link for content antd renders outside the router (a toast from `App.useApp().message`):
 * a link that navigates with the router of the page that made it.
 */
export function useTaskCentreLink() {
  const { t } = useTranslation('phoneTasks');
  const navigate = useNavigate();
  return (target: { phoneId?: string; type?: PhoneTaskType }) => (
    <Typography.Link onClick={() => void navigate(taskCentreHref(target))} data-testid="task-centre-link">
      {t('link.viewTasks')}
    </Typography.Link>
  );
}
