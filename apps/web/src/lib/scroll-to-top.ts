/**
 * The eased scroll back to the top after a page change (spec §9: 800 ms). The console's content may
 * scroll inside a container rather than the window, so the nearest scrolled ancestor of the element
 * that asked is moved; when none is scrolled, the window is.
 */
import { PAGE_SCROLL_MS } from '@cloudbay/contracts/core';
import { scrollPositionAt } from './pagination';

interface Scroller {
  get(): number;
  set(top: number): void;
}

function isScrollable(element: Element): boolean {
  const { overflowY } = window.getComputedStyle(element);
  return (overflowY === 'auto' || overflowY === 'scroll') && element.scrollHeight > element.clientHeight;
}

/** The nearest ancestor of `from` that scrolls and is scrolled down, else the window. */
function findScroller(from: Element | null | undefined): Scroller {
  for (let element = from?.parentElement; element; element = element.parentElement) {
    if (element === document.body || element === document.documentElement) break;
    if (element.scrollTop > 0 && isScrollable(element)) {
      const target = element;
      return { get: () => target.scrollTop, set: (top) => (target.scrollTop = top) };
    }
  }
  return {
    get: () => window.scrollY || document.documentElement.scrollTop,
    set: (top) => window.scrollTo(0, top),
  };
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Scrolls the container of `from` (or the window) to the top over `duration` ms, eased. Returns a
 * function that stops the animation (a newer page change, an unmounted list).
 */
export function scrollToTop(from?: Element | null, duration: number = PAGE_SCROLL_MS): () => void {
  const scroller = findScroller(from);
  const start = scroller.get();
  if (start <= 0) return () => undefined;
  if (prefersReducedMotion() || typeof window.requestAnimationFrame !== 'function') {
    scroller.set(0);
    return () => undefined;
  }
  let frame = 0;
  let startedAt: number | undefined;
  const step = (now: number) => {
    startedAt ??= now;
    const elapsed = now - startedAt;
    scroller.set(scrollPositionAt(start, 0, elapsed, duration));
    if (elapsed < duration) frame = window.requestAnimationFrame(step);
  };
  frame = window.requestAnimationFrame(step);
  return () => window.cancelAnimationFrame(frame);
}
