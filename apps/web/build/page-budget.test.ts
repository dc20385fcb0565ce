import { describe, expect, it } from 'vitest';
import type { PageWeight } from '../../../bench/lib/first-load.ts';
import { pageBudgetProblem } from './page-budget.ts';

const KB = 1024;
const weight = (group: string, route: string, kb: number, ownKb = 10): PageWeight => ({
  group,
  route,
  module: `src/${route}`,
  files: 3,
  bytes: kb * KB,
  ownBytes: ownKb * KB,
  largest: undefined,
  later: [],
  laterBytes: 0,
});

describe('pageBudgetProblem', () => {
  it('passes a build whose pages are all within the budget, the budget itself included', () => {
    expect(
      pageBudgetProblem([weight('pages', 'cloud/list', 349.9), weight('console', '/index', 350)], 350 * KB),
    ).toBeUndefined();
  });

  it('names every page over the budget with its first load and what it adds', () => {
    const problem = pageBudgetProblem(
      [
        weight('pages', 'cloud/list', 340),
        weight('pages', 'phone/list', 354.1, 36.2),
        weight('console', '/user/profile', 350.4, 39.4),
      ],
      350 * KB,
    );
    expect(problem).toContain('over the 350.0 KB gzip budget');
    expect(problem).toContain('phone/list 354.1 KB (its own 36.2)');
    expect(problem).toContain('/user/profile 350.4 KB (its own 39.4)');
    expect(problem).not.toContain('cloud/list');
  });

  it('does not count the entries, which are no pages', () => {
    expect(pageBudgetProblem([weight('entry', 'index.html', 400)], 350 * KB)).toBeUndefined();
  });
});
