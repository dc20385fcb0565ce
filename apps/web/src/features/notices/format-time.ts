import { currentLanguage } from '../../lib/i18n';

/** A notice's time in the page's language ('2026年11月20日 08:00', 'Nov 20, 2026, 8:00 AM'). */
export function formatNoticeTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
