import { useTranslation } from 'react-i18next';
import { jobNameKey } from './job-names';

/** A job's translated name from its queue. */
export function useJobName() {
  const { t } = useTranslation('monitorJob');
  return (queue: string) => {
    const key = jobNameKey(queue);
    return key ? t(key) : queue;
  };
}
