import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { AfterFirstPaint } from './after-first-paint';

describe('AfterFirstPaint', () => {
  it('leaves its children out of the first render, holding their place with the fallback', () => {
    const html = renderToString(
      <AfterFirstPaint fallback={<i>later</i>}>
        <b>section</b>
      </AfterFirstPaint>,
    );
    expect(html).toContain('later');
    expect(html).not.toContain('section');
  });

  it('renders its children once mounted', async () => {
    render(
      <AfterFirstPaint fallback={<i>later</i>}>
        <b>section</b>
      </AfterFirstPaint>,
    );
    expect(await screen.findByText('section')).toBeTruthy();
    expect(screen.queryByText('later')).toBeNull();
  });
});
