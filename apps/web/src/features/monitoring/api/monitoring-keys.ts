/** Every cached answer of the monitoring page lives under this key. */
export const monitoringKey = ['monitoring'] as const;
