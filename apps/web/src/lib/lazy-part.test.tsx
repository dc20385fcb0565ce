import { Component, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { LoadingDialog, PART_PREFETCH_DELAY_MS, lazyPart, usePrefetchWhenIdle } from './lazy-part';

interface PanelProps {
  label: string;
}

/** A module whose download the test settles by hand. */
function deferredModule() {
  const mounts = vi.fn();
  function Panel({ label }: PanelProps) {
    const [clicks, setClicks] = useState(0);
    mounts(label);
    return (
      <button type="button" onClick={() => setClicks(clicks + 1)}>
        {label} {clicks}
      </button>
    );
  }
  let resolve: (module: { Panel: typeof Panel }) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const load = vi.fn(
    () =>
      new Promise<{ Panel: typeof Panel }>((res, rej) => {
        resolve = res;
        reject = rej;
      }),
  );
  return {
    load,
    mounts,
    resolve: () => act(async () => resolve({ Panel })),
    reject: (error: Error) => act(async () => reject(error)),
  };
}

/** Stands in for the route's error boundary. */
class ErrorBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error.message}</p> : this.props.children;
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('lazyPart', () => {
  it('renders nothing and loads nothing until it is first wanted', () => {
    const module = deferredModule();
    const Part = lazyPart(module.load, 'Panel');
    const { container } = render(<Part when={false} label="panel" fallback={<p>loading</p>} />);
    expect(container.innerHTML).toBe('');
    expect(module.load).not.toHaveBeenCalled();
  });

  it('shows the fallback while loading, then the part, loading its module once', async () => {
    const module = deferredModule();
    const Part = lazyPart(module.load, 'Panel');
    const { rerender } = render(<Part when label="panel" fallback={<p>loading</p>} />);
    expect(screen.getByText('loading')).toBeTruthy();
    await module.resolve();
    expect(await screen.findByRole('button', { name: 'panel 0' })).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    rerender(<Part when label="again" />);
    expect(screen.getByRole('button', { name: 'again 0' })).toBeTruthy();
    expect(module.load).toHaveBeenCalledTimes(1);
  });

  it('stays mounted with its state once wanted, when it is no longer', async () => {
    const module = deferredModule();
    const Part = lazyPart(module.load, 'Panel');
    const { rerender } = render(<Part when label="panel" />);
    await module.resolve();
    fireEvent.click(await screen.findByRole('button', { name: 'panel 0' }));
    rerender(<Part when={false} label="panel" />);
    expect(screen.getByRole('button', { name: 'panel 1' })).toBeTruthy();
    expect(module.mounts).toHaveBeenCalledWith('panel');
  });

  it('prefetches its code once the page has been idle a moment, once for all its places', () => {
    vi.useFakeTimers();
    const module = deferredModule();
    const Part = lazyPart(module.load, 'Panel');
    render(
      <>
        <Part when={false} label="one" />
        <Part when={false} label="two" />
      </>,
    );
    act(() => vi.advanceTimersByTime(PART_PREFETCH_DELAY_MS - 1));
    expect(module.load).not.toHaveBeenCalled();
    // jsdom has no requestIdleCallback: the prefetch runs once the delay is over.
    act(() => vi.advanceTimersByTime(1));
    expect(module.load).toHaveBeenCalledTimes(1);
  });

  it('prefetches parts mounted only while they show, through usePrefetchWhenIdle', () => {
    vi.useFakeTimers();
    const one = deferredModule();
    const two = deferredModule();
    const One = lazyPart(one.load, 'Panel');
    const Two = lazyPart(two.load, 'Panel');
    function Page({ showing }: { showing: boolean }) {
      usePrefetchWhenIdle(One, Two);
      return showing ? <One label="one" /> : null;
    }
    const { container } = render(<Page showing={false} />);
    expect(container.innerHTML).toBe('');
    act(() => vi.advanceTimersByTime(PART_PREFETCH_DELAY_MS - 1));
    expect(one.load).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(one.load).toHaveBeenCalledTimes(1);
    expect(two.load).toHaveBeenCalledTimes(1);
  });

  it('loads at once on prefetch() (hover), and a wanted part then needs no second download', async () => {
    const module = deferredModule();
    const Part = lazyPart(module.load, 'Panel');
    Part.prefetch();
    Part.prefetch();
    expect(module.load).toHaveBeenCalledTimes(1);
    await module.resolve();
    render(<Part when label="panel" fallback={<p>loading</p>} />);
    expect(await screen.findByRole('button', { name: 'panel 0' })).toBeTruthy();
    expect(module.load).toHaveBeenCalledTimes(1);
  });

  it('retries a failed prefetch when wanted, and throws a failed download to the error boundary', async () => {
    const module = deferredModule();
    const Part = lazyPart(module.load, 'Panel');
    Part.prefetch();
    await module.reject(new Error('chunk gone'));
    const { rerender } = render(<Part when label="panel" fallback={<p>loading</p>} />);
    expect(module.load).toHaveBeenCalledTimes(2);
    await module.resolve();
    expect(await screen.findByRole('button', { name: 'panel 0' })).toBeTruthy();

    const broken = deferredModule();
    const Broken = lazyPart(broken.load, 'Panel');
    const onError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    rerender(
      <ErrorBoundary>
        <Broken when label="broken" />
      </ErrorBoundary>,
    );
    await broken.reject(new Error('chunk gone'));
    expect(await screen.findByText('failed: chunk gone')).toBeTruthy();
    onError.mockRestore();
  });
});

describe('LoadingDialog', () => {
  it("shows antd's loading dialog, closable", async () => {
    const onCancel = vi.fn();
    render(<LoadingDialog open onCancel={onCancel} />);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('.ant-skeleton')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /close/i }));
    expect(onCancel).toHaveBeenCalled();
  });
});
