import { currentLanguage } from '../../lib/i18n';

/** A record's time in the page's language; empty for none. */
export function formatRecordTime(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
