/** Times shown in lists and dialogs, in the page's language. */
import { currentLanguage } from './i18n';

/**
 * An ISO time as '2026年11月20日 08:00' / 'Nov 20, 2026, 8:00 AM'; `seconds` for lists where several
 * rows can share a minute (bills). Empty for none; an unparsable value is shown as it came.
 */
export function formatDateTime(iso: string | null | undefined, { seconds = false } = {}): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(currentLanguage(), {
    dateStyle: 'medium',
    timeStyle: seconds ? 'medium' : 'short',
  }).format(date);
}
