import type { TFunction } from 'i18next';

/** 93784 s → "1 天 2 小时 3 分钟" / "1 d 2 h 3 min" (the largest three units that are not zero). */
export function formatDuration(seconds: number, t: TFunction<'monitorServer'>): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const parts = [
    days ? t('duration.days', { n: days }) : '',
    hours ? t('duration.hours', { n: hours }) : '',
    minutes || (!days && !hours) ? t('duration.minutes', { n: minutes }) : '',
  ];
  return parts.filter(Boolean).join(' ');
}
