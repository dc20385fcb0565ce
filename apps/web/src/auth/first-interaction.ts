/**
 * The hook point for work that should start once the visitor begins to use a form (e.g. fetching
 * the console's code while they type, so the first page after login is quick): `callback` runs
 * once, on the first focus, keydown or pointerdown inside a form of the page.
 */
const EVENTS = ['focusin', 'keydown', 'pointerdown'] as const;

export function onFirstInteraction(
  callback: () => void,
  root: Document | HTMLElement = document,
): () => void {
  const handler = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest('form')) return;
    stop();
    callback();
  };
  const stop = () => {
    for (const type of EVENTS) root.removeEventListener(type, handler, true);
  };
  for (const type of EVENTS) root.addEventListener(type, handler, true);
  return stop;
}
