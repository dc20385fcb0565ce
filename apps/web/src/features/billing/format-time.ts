import { currentLanguage } from '../../lib/i18n';

/** A bill's time in the page's language, to the second (several movements can share a minute). */
export function formatBillTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'medium' }).format(
    date,
  );
}
