import { Skeleton, type ResultProps } from 'antd';
import { lazyPart } from '../lib/lazy-part';

// antd's Result brings its status illustrations (about 9.5 KB gzip): loaded when a view first shows
// one, not with every page that might (an outcome, a failure), unless it is a page's first screen.
const LazyResult = lazyPart(() => import('./antd-result'), 'Result');

/** antd's `Result`, loaded on demand; a skeleton holds its place meanwhile. */
export function ResultView(props: ResultProps) {
  return <LazyResult {...props} fallback={<Skeleton active />} />;
}

/** Starts loading it (e.g. `usePrefetchWhenIdle(ResultView)` on a page that shows one after an action). */
ResultView.prefetch = LazyResult.prefetch;
