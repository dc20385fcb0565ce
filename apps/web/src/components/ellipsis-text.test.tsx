import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Providers } from '../app/providers';
import { EllipsisText } from './ellipsis-text';

const NAME = 'phone-with-a-name-far-too-long-for-its-column';

/** jsdom lays nothing out: the span's widths as a browser would measure them. */
function sized(element: HTMLElement, scrollWidth: number, clientWidth: number) {
  Object.defineProperty(element, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: clientWidth });
}

describe('EllipsisText', () => {
  it('shows the whole text in a tooltip when it is cut', async () => {
    render(
      <Providers>
        <EllipsisText text={NAME} strong data-testid="name" />
      </Providers>,
    );
    const text = screen.getByTestId('name');
    expect(text.textContent).toBe(NAME);
    expect(text.style.textOverflow).toBe('ellipsis');
    sized(text, 320, 180);
    fireEvent.mouseEnter(text);
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe(NAME));
  });

  it('shows no tooltip when the text fits', async () => {
    render(
      <Providers>
        <EllipsisText text="short" data-testid="name" />
      </Providers>,
    );
    const text = screen.getByTestId('name');
    sized(text, 40, 180);
    fireEvent.mouseEnter(text);
    // Past the tooltip's 0.1 s hover delay.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
