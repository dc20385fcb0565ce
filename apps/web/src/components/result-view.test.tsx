import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ResultView } from './result-view';

describe('ResultView', () => {
  it("shows a skeleton until antd's Result is loaded, then the Result with its props", async () => {
    const { container } = render(<ResultView status="warning" title="拒绝嵌入" data-testid="refused" />);
    expect(container.querySelector('.ant-skeleton')).not.toBeNull();
    const result = await screen.findByTestId('refused');
    expect(result.className).toContain('ant-result-warning');
    expect(result.textContent).toContain('拒绝嵌入');
    expect(container.querySelector('.ant-skeleton')).toBeNull();
  });
});
