import { describe, expect, it } from 'vitest';
import {
  easeInOutQuad,
  nextPageState,
  pageAfterSizeChange,
  pagerCount,
  parseLimit,
  parsePage,
  scrollPositionAt,
} from './pagination';

describe('pagination rules', () => {
  it('shows 7 page buttons on desktop and 5 on phones', () => {
    expect(pagerCount(false)).toBe(7);
    expect(pagerCount(true)).toBe(5);
  });

  it('goes back to page 1 when page × size exceeds the total after a size change', () => {
    expect(pageAfterSizeChange(3, 50, 120)).toBe(1);
    expect(pageAfterSizeChange(2, 20, 40)).toBe(2);
    expect(pageAfterSizeChange(2, 30, 100)).toBe(2);
  });

  it('applies the reset only to size changes', () => {
    expect(nextPageState({ page: 3, limit: 20 }, 3, 50, 100)).toEqual({ page: 1, limit: 50 });
    expect(nextPageState({ page: 2, limit: 20 }, 2, 10, 100)).toEqual({ page: 2, limit: 10 });
    expect(nextPageState({ page: 1, limit: 20 }, 5, 20, 100)).toEqual({ page: 5, limit: 20 });
  });

  it('reads page and size from the URL, falling back to page 1 and size 20', () => {
    expect(parsePage('4')).toBe(4);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage(null)).toBe(1);
    expect(parseLimit('50')).toBe(50);
    expect(parseLimit('25')).toBe(20);
    expect(parseLimit('1000')).toBe(20);
    expect(parseLimit(undefined)).toBe(20);
  });

  it('eases the scroll: slow at both ends, exact at the ends', () => {
    expect(easeInOutQuad(0)).toBe(0);
    expect(easeInOutQuad(0.5)).toBe(0.5);
    expect(easeInOutQuad(1)).toBe(1);
    expect(easeInOutQuad(0.1)).toBeLessThan(0.1);
    expect(easeInOutQuad(0.9)).toBeGreaterThan(0.9);
    expect(scrollPositionAt(1000, 0, 0, 800)).toBe(1000);
    expect(scrollPositionAt(1000, 0, 400, 800)).toBe(500);
    expect(scrollPositionAt(1000, 0, 800, 800)).toBe(0);
    expect(scrollPositionAt(1000, 0, 900, 800)).toBe(0);
  });
});
