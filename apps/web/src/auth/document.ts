/**
 * Page loads that leave the sign-in entry (the console is the other entry), in one place so tests
 * can watch them (jsdom cannot load pages).
 */
export function loadPage(url: string): void {
  window.location.assign(url);
}

export function replacePage(url: string): void {
  window.location.replace(url);
}
