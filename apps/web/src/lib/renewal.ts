/** The subscription's end after renewing `months` from its current end (or from now, if it has passed). */
export function renewedUntil(expireTime: string | null, months: number, now = Date.now()): Date {
  const from = new Date(Math.max(now, expireTime ? new Date(expireTime).getTime() : now));
  const until = new Date(from);
  until.setMonth(until.getMonth() + months);
  return until;
}
