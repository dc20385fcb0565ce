/** The scheduled jobs the product ships (apps/server jobs with a `schedule`), by their queue. */
const JOB_NAME_KEYS = {
  'billing.hourly': 'name.billing_hourly',
  'lifecycle.sweep': 'name.lifecycle_sweep',
  'payments.expire': 'name.payments_expire',
  'identity.cleanup': 'name.identity_cleanup',
  'provision.refresh': 'name.provision_refresh',
} as const;

/** The translation key of a job's name (i18next reads dots as nesting); a queue added later shows as it is. */
export function jobNameKey(queue: string) {
  return Object.hasOwn(JOB_NAME_KEYS, queue) ? JOB_NAME_KEYS[queue as keyof typeof JOB_NAME_KEYS] : undefined;
}

/** Five fields (minute hour day month weekday); the server checks the values. */
export const looksLikeCron = (value: string) => value.trim().split(/\s+/).length === 5;
