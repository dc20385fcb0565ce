import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { SlideShow } from './slide-show';

const INTERVAL = 5000;
const onOpen = vi.fn();

function renderShow(count = 3) {
  const slides = Array.from({ length: count }, (_, i) => ({
    key: i + 1,
    node: (
      <a href={`#s${i + 1}`} onClick={(event) => (event.preventDefault(), onOpen(i + 1))}>
        slide {i + 1}
      </a>
    ),
  }));
  const view = render(<SlideShow slides={slides} interval={INTERVAL} dotLabel={(n) => `go ${n}`} />);
  const viewport = view.container.querySelector('a')!.closest('[data-active]')!.parentElement!
    .parentElement as HTMLElement;
  return { ...view, viewport };
}

/** The number of the slide shown: the only one not hidden from the keyboard and screen readers. */
function shown(): number[] {
  return [...document.querySelectorAll('[data-active]')]
    .map((slide, i) => [slide, i + 1] as const)
    .filter(([slide]) => slide.getAttribute('aria-hidden') === 'false' && !slide.hasAttribute('inert'))
    .map(([, n]) => n);
}

afterEach(() => {
  vi.useRealTimers();
  onOpen.mockReset();
});

describe('SlideShow', () => {
  it('shows the first slide and turns to the next every interval, back to the first after the last', () => {
    vi.useFakeTimers();
    renderShow();
    expect(shown()).toEqual([1]);
    expect(screen.getByLabelText('go 1').getAttribute('aria-current')).toBe('true');
    act(() => vi.advanceTimersByTime(INTERVAL - 1));
    expect(shown()).toEqual([1]);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toEqual([2]);
    act(() => vi.advanceTimersByTime(INTERVAL));
    expect(shown()).toEqual([3]);
    act(() => vi.advanceTimersByTime(INTERVAL));
    expect(shown()).toEqual([1]);
  });

  it('waits while the pointer is over it, for the time the slide had left', () => {
    vi.useFakeTimers();
    const { container } = renderShow();
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.mouseEnter(container.firstElementChild!);
    act(() => vi.advanceTimersByTime(10 * INTERVAL));
    expect(shown()).toEqual([1]);
    fireEvent.mouseLeave(container.firstElementChild!);
    act(() => vi.advanceTimersByTime(1999));
    expect(shown()).toEqual([1]);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toEqual([2]);
  });

  it('goes to the slide of the dot clicked, which then gets its full time', () => {
    vi.useFakeTimers();
    renderShow();
    act(() => vi.advanceTimersByTime(4000));
    fireEvent.click(screen.getByLabelText('go 3'));
    expect(shown()).toEqual([3]);
    act(() => vi.advanceTimersByTime(INTERVAL - 1));
    expect(shown()).toEqual([3]);
  });

  it('turns on a drag past a fifth of its width, and the drag does not open the link', () => {
    const { viewport } = renderShow();
    Object.defineProperty(viewport, 'clientWidth', { value: 500 });
    const link = screen.getByText('slide 1');
    fireEvent.pointerDown(link, { button: 0, clientX: 400, pointerId: 1 });
    fireEvent.pointerMove(link, { clientX: 350, pointerId: 1 });
    fireEvent.pointerUp(link, { clientX: 350, pointerId: 1 });
    fireEvent.click(link);
    expect(onOpen).not.toHaveBeenCalled();
    expect(shown()).toEqual([1]);

    fireEvent.pointerDown(link, { button: 0, clientX: 400, pointerId: 1 });
    fireEvent.pointerMove(link, { clientX: 250, pointerId: 1 });
    fireEvent.pointerUp(link, { clientX: 250, pointerId: 1 });
    expect(shown()).toEqual([2]);

    // Dragging right from the first slide shows the last.
    const second = screen.getByText('slide 2');
    fireEvent.pointerDown(second, { button: 0, clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(second, { clientX: 300, pointerId: 1 });
    fireEvent.pointerUp(second, { clientX: 300, pointerId: 1 });
    expect(shown()).toEqual([1]);
  });

  it('follows a plain click on the slide', () => {
    renderShow();
    const link = screen.getByText('slide 1');
    fireEvent.pointerDown(link, { button: 0, clientX: 400, pointerId: 1 });
    fireEvent.pointerUp(link, { clientX: 402, pointerId: 1 });
    fireEvent.click(link);
    expect(onOpen).toHaveBeenCalledWith(1);
  });

  it('shows one slide without dots and never turns', () => {
    vi.useFakeTimers();
    renderShow(1);
    expect(screen.queryByRole('button')).toBeNull();
    act(() => vi.advanceTimersByTime(3 * INTERVAL));
    expect(shown()).toEqual([1]);
  });
});
