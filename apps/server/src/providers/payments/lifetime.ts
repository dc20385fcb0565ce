/** How long a payment stays open: the spec's 600-second QR countdown, and what we ask bepusdt for. */
export const PAYMENT_LIFETIME_SECONDS = 600;

/** The moment a payment created at `now` expires when the gateway names none. */
export function defaultExpiry(now: Date): Date {
  return new Date(now.getTime() + PAYMENT_LIFETIME_SECONDS * 1000);
}

/** A base URL without its trailing slashes, so `${base}/path` never doubles them. */
export function trimBaseUrl(url: string): string {
  return url.replace(/\/+$/, '');
}
