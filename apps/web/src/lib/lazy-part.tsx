import {
  Suspense,
  lazy,
  useEffect,
  useState,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
} from 'react';
import { Modal, Spin } from 'antd';

/**
 * How long after a part's place first renders its code starts downloading (when the browser is
 * next idle): late enough not to compete with the page's own first requests, early enough that the
 * code is there before anyone can reach for the part.
 */
export const PART_PREFETCH_DELAY_MS = 1500;

export interface PartProps {
  /**
   * Wanted from the first render where this is true on (a dialog's `open`, a drawer's record);
   * leave it out for a part mounted only while it shows (`{open ? <Part … /> : null}`).
   */
  when?: boolean;
  /** Shown while the code of a wanted part is still downloading, e.g. `<LoadingDialog>`. */
  fallback?: ReactNode;
}

export interface LazyPart<P> {
  (props: P & PartProps): ReactNode;
  /** Starts the download now (hover or focus of the button that opens it); failures stay silent. */
  prefetch(): void;
}

// Any props: the part's own type is recovered from the module with ComponentProps below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

function whenIdle(task: () => void): () => void {
  let idle: number | undefined;
  const timer = setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(task);
    else task();
  }, PART_PREFETCH_DELAY_MS);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

/**
 * Prefetches `parts` once the page has been idle a moment: for parts mounted only while they show,
 * which have no place on the page to schedule it themselves.
 */
export function usePrefetchWhenIdle(...parts: readonly { prefetch(): void }[]): void {
  const [scheduled] = useState(parts);
  useEffect(() => whenIdle(() => scheduled.forEach((part) => part.prefetch())), [scheduled]);
}

/**
 * A part of a page (a dialog, a drawer, a picker) whose code loads on demand: the named export
 * `name` of the module `load` imports. It renders nothing until `when` is first true and stays
 * mounted from then on, so closing animations and the part's state work as with a static import.
 * Its code is prefetched once the page has been idle a moment; a part wanted before that shows
 * `fallback`. A failed download when the part is wanted throws to the route's error boundary
 * (the error page offers a reload, as for a page chunk); a failed prefetch is retried then.
 */
export function lazyPart<M extends Record<K, AnyComponent>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyPart<ComponentProps<M[K]>> {
  let loading: Promise<M> | undefined;
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const prefetch = () => void loadOnce().catch(() => undefined);
  const Lazy = lazy(() => loadOnce().then((module) => ({ default: module[name] })));

  function Part({ when = true, fallback = null, ...props }: ComponentProps<M[K]> & PartProps) {
    const [wanted, setWanted] = useState(when);
    if (when && !wanted) setWanted(true);
    useEffect(() => (wanted ? undefined : whenIdle(prefetch)), [wanted]);
    if (!wanted) return null;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...(props as ComponentProps<M[K]>)} />
      </Suspense>
    );
  }
  Part.displayName = `LazyPart(${name})`;
  Part.prefetch = prefetch;
  return Part;
}

/** A dialog's place while its code downloads: antd's loading dialog, closable as the dialog is. */
export function LoadingDialog({ open, onCancel }: { open: boolean; onCancel: () => void }) {
  return <Modal open={open} loading footer={null} onCancel={onCancel} />;
}

/** A drawer's or panel's place while its code downloads: antd's full-screen spinner. */
export function LoadingOverlay() {
  return <Spin fullscreen />;
}
