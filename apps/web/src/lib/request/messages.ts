/** The user-facing texts of spec §8 that depend on a status or an error kind. */
import { i18n } from '../i18n';

/** Spec §8 status table; every other code reads the default. */
const STATUS_TABLE = {
  401: 'request:status.401',
  403: 'request:status.403',
  404: 'request:status.404',
} as const;

function isTableCode(code: number): code is keyof typeof STATUS_TABLE {
  return Object.hasOwn(STATUS_TABLE, code);
}

/** The table's text for `code`, or undefined when the table has no row for it. */
export function tableMessage(code: number | undefined): string | undefined {
  return code !== undefined && isTableCode(code) ? i18n.t(STATUS_TABLE[code]) : undefined;
}

/** The table's text for `code`, else its default ('unknown system error …'). */
export function statusMessage(code: number | undefined): string {
  return tableMessage(code) ?? i18n.t('request:status.default');
}

/** 'backend interface connection abnormal' / 'system interface request timeout' / 'system interface N abnormal'. */
export function transportMessage(kind: 'network' | 'timeout'): string;
export function transportMessage(kind: 'status', status: number): string;
export function transportMessage(kind: 'network' | 'timeout' | 'status', status?: number): string {
  if (kind === 'status') return i18n.t('request:transport.status', { code: status });
  return i18n.t(kind === 'network' ? 'request:transport.network' : 'request:transport.timeout');
}
