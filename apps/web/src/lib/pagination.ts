/**
 * The rules of the list pager (spec §9 Paging), kept free of React so they are tested on their own:
 * which sizes a list offers, how many page buttons show, where a size change lands, and the eased
 * scroll back to the top after a page change.
 */
import { DEFAULT_PAGE_SIZE, PAGER_COUNT, PAGER_COUNT_MOBILE, PAGE_SIZES } from '@cloudbay/contracts/core';

export type PageSize = (typeof PAGE_SIZES)[number];

/** The page and size of a list, as the server takes them (`page` 1-based). */
export interface PageState {
  page: number;
  limit: number;
}

export function isPageSize(value: unknown): value is PageSize {
  return (PAGE_SIZES as readonly unknown[]).includes(value);
}

/** How many page buttons the pager shows: 7, or 5 in the mobile layout. */
export function pagerCount(isMobile: boolean): number {
  return isMobile ? PAGER_COUNT_MOBILE : PAGER_COUNT;
}

/**
 * The page to show after the size changed to `limit`: spec §9 sends the user back to page 1 when
 * page × size exceeds the total, and keeps the page otherwise.
 */
export function pageAfterSizeChange(page: number, limit: number, total: number): number {
  return page * limit > total ? 1 : page;
}

/**
 * What a pager event means: a size change applies the reset rule above, a page change keeps the
 * size. `current` is what the list shows now.
 */
export function nextPageState(current: PageState, page: number, limit: number, total: number): PageState {
  if (limit !== current.limit) return { page: pageAfterSizeChange(current.page, limit, total), limit };
  return { page, limit };
}

/** Reads a page number from text (a URL parameter); anything but a positive integer is page 1. */
export function parsePage(value: string | null | undefined): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** Reads a page size from text; only the sizes the server accepts pass, else the default. */
export function parseLimit(value: string | null | undefined): number {
  const limit = Number(value);
  return isPageSize(limit) ? limit : DEFAULT_PAGE_SIZE;
}

/** easeInOutQuad: slow start, fast middle, slow end; `progress` and the answer run from 0 to 1. */
export function easeInOutQuad(progress: number): number {
  const t = Math.min(Math.max(progress, 0), 1);
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
}

/** Where an eased scroll from `from` to `to` over `duration` ms stands after `elapsed` ms. */
export function scrollPositionAt(from: number, to: number, elapsed: number, duration: number): number {
  if (duration <= 0 || elapsed >= duration) return to;
  return from + (to - from) * easeInOutQuad(elapsed / duration);
}
