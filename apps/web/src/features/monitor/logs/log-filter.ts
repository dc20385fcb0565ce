/** The two logs' filters: what their search forms hold, and the queries the API and exports take. */
import type { LogStatus, OperBusinessType } from '@cloudbay/contracts';
import { toTimeWindow, type PickedRange, type TimeWindowQuery } from '../../../lib/date-range';

export interface OperLogSearchValues {
  module?: string;
  email?: string;
  businessType?: OperBusinessType;
  status?: LogStatus;
  range?: PickedRange;
}

/** GET /monitor/operlog/list and its export's filters; absent keys are not sent. */
export interface OperLogFilterQuery extends TimeWindowQuery {
  module?: string;
  email?: string;
  business_type?: OperBusinessType;
  status?: LogStatus;
}

export interface LoginLogSearchValues {
  email?: string;
  ip?: string;
  status?: LogStatus;
  range?: PickedRange;
}

/** GET /monitor/logininfor/list and its export's filters. */
export interface LoginLogFilterQuery extends TimeWindowQuery {
  email?: string;
  ip?: string;
  status?: LogStatus;
}

/** The trimmed text fields of `values` that hold something, under the same keys. */
function texts<K extends string>(values: Partial<Record<K, unknown>>, keys: readonly K[]) {
  const out: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = typeof values[key] === 'string' ? (values[key] as string).trim() : '';
    if (value) out[key] = value;
  }
  return out;
}

export function toOperLogFilter(values: OperLogSearchValues): OperLogFilterQuery {
  return {
    ...texts(values, ['module', 'email'] as const),
    ...(values.businessType ? { business_type: values.businessType } : {}),
    ...(values.status ? { status: values.status } : {}),
    ...toTimeWindow(values.range),
  };
}

export function toLoginLogFilter(values: LoginLogSearchValues): LoginLogFilterQuery {
  return {
    ...texts(values, ['email', 'ip'] as const),
    ...(values.status ? { status: values.status } : {}),
    ...toTimeWindow(values.range),
  };
}
