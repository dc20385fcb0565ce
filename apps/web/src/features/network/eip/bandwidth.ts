/** Bandwidth fields of the cloud network forms: a whole number of Mbps within the form's range. */

/** Whether `value` is a whole number of Mbps from `min` to `max`. */
export function isBandwidthIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** An antd rule for the range, with the form's translated message. */
export function bandwidthRule(message: string, min: number, max: number) {
  return {
    validator: (_: unknown, value: unknown) =>
      isBandwidthIn(value, min, max) ? Promise.resolve() : Promise.reject(new Error(message)),
  };
}
