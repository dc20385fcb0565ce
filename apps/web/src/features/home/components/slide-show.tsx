import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type PointerEvent,
  type ReactNode,
} from 'react';
import styles from './slide-show.module.css';

/** How far a drag must go, in pixels, to turn the slide (react-slick: a fifth of the width). */
const TURN_FRACTION = 0.2;
/** Movement below this is a click, not a drag. */
const CLICK_SLOP = 5;

export interface Slide {
  key: string | number;
  node: ReactNode;
}

/**
 * Turns to the next slide every `interval` ms while it has no pointer over it (the active dot fills
 * up meanwhile, and pauses with it). Each step resets the wait, so a dot click or a drag gives the
 * new slide its full time.
 */
function useAutoplay(index: number, count: number, interval: number, paused: boolean, next: () => void) {
  const remaining = useRef(interval);
  // Declared before the timer's effect, so a new slide's wait is reset before its timer starts.
  useEffect(() => {
    remaining.current = interval;
  }, [index, interval]);
  useEffect(() => {
    if (paused || count < 2) return undefined;
    const started = performance.now();
    const timer = window.setTimeout(next, remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (performance.now() - started));
    };
  }, [index, count, paused, next]);
}

/**
 * A carousel with the look of antd's (autoplay with filling dots, drag or swipe to turn): slides
 * side by side in a track moved by a CSS transform, so nothing is measured when it mounts. Slides
 * out of view are inert, so the keyboard reaches only the one shown.
 */
export function SlideShow({
  slides,
  interval,
  dotLabel,
}: {
  slides: readonly Slide[];
  interval: number;
  /** The accessible name of the dot that shows slide `n` (from 1). */
  dotLabel: (n: number) => string;
}) {
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [dragOffset, setDragOffset] = useState<number | null>(null);
  const drag = useRef<{ x: number; moved: boolean } | null>(null);
  const suppressClick = useRef(false);
  const current = Math.min(index, count - 1);

  const next = useCallback(() => setIndex((i) => (i + 1) % count), [count]);
  useAutoplay(current, count, interval, hovered || dragOffset !== null, next);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || count < 2) return;
    drag.current = { x: event.clientX, moved: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    const dx = event.clientX - start.x;
    if (!start.moved && Math.abs(dx) < CLICK_SLOP) return;
    if (!start.moved) {
      start.moved = true;
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    setDragOffset(dx);
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    drag.current = null;
    if (!start?.moved) return;
    // The click that ends a drag must not follow the slide's link.
    suppressClick.current = true;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) >= event.currentTarget.clientWidth * TURN_FRACTION) {
      setIndex((i) => (i + (dx < 0 ? 1 : count - 1)) % count);
    }
    setDragOffset(null);
  };

  const trackStyle: CSSProperties = {
    transform: `translateX(calc(${-current * 100}% + ${dragOffset ?? 0}px))`,
  };
  return (
    <div
      className={`${styles.root} ${hovered ? styles.paused : ''}`}
      style={{ '--dot-duration': `${interval}ms` } as CSSProperties}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <div
        className={styles.viewport}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onDragStart={(event) => event.preventDefault()}
        onClickCapture={(event) => {
          if (!suppressClick.current) return;
          suppressClick.current = false;
          event.preventDefault();
          event.stopPropagation();
        }}
      >
        <div className={`${styles.track} ${dragOffset === null ? '' : styles.dragging}`} style={trackStyle}>
          {slides.map((slide, i) => (
            <div
              key={slide.key}
              className={styles.slide}
              aria-hidden={i !== current}
              inert={i !== current}
              data-active={i === current}
            >
              {slide.node}
            </div>
          ))}
        </div>
      </div>
      {count > 1 ? (
        <ul className={styles.dots}>
          {slides.map((slide, i) => (
            <li key={slide.key} className={`${styles.dot} ${i === current ? styles.active : ''}`}>
              <button
                type="button"
                aria-label={dotLabel(i + 1)}
                aria-current={i === current}
                onClick={() => setIndex(i)}
                data-testid={`slide-dot-${i + 1}`}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
