/** A country's name in the reader's language (ISO code in, e.g. 日本 / Japan); '—' for none. */
export function countryName(code: string | null, language: string): string {
  if (!code) return '—';
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
