/** "View in task center": the task centre filtered to what was just started (a phone, a task type). */
import type { PhoneTaskType } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PHONE_TASK_PATH } from '../paths';

export function taskCentreHref({ phoneId, type }: { phoneId?: string; type?: PhoneTaskType }): string {
  const query = new URLSearchParams({ ...(type ? { type } : {}), ...(phoneId ? { phone: phoneId } : {}) });
  const search = query.toString();
  return search ? `${PHONE_TASK_PATH}?${search}` : PHONE_TASK_PATH;
}

// Its strings are the phone pages' (`phones`), not the task centre's: the phone list shows it, and
// the task centre's strings load with the task centre alone.
export function TaskCentreLink({ phoneId, type }: { phoneId?: string; type?: PhoneTaskType }) {
  const { t } = useTranslation('phones');
  return (
    <Link to={taskCentreHref({ phoneId, type })} data-testid="task-centre-link">
      {t('taskCentreLink')}
    </Link>
  );
}

/**
 * The same link for content antd renders outside the router (a toast from `App.useApp().message`):
 * a link that navigates with the router of the page that made it.
 */
export function useTaskCentreLink() {
  const { t } = useTranslation('phones');
  const navigate = useNavigate();
  return (target: { phoneId?: string; type?: PhoneTaskType }) => {
    const href = taskCentreHref(target);
    // A plain anchor, not antd's Typography (4.8 KB gzip the phone list would load for one link).
    return (
      <a
        href={href}
        onClick={(event) => {
          event.preventDefault();
          void navigate(href);
        }}
        data-testid="task-centre-link"
      >
        {t('taskCentreLink')}
      </a>
    );
  };
}
