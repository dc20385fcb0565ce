import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import type { CodeTableEntry } from '@cloudbay/contracts';
import { fakeApi } from '../test/fake-api';
import { bindFakeFeedback } from '../test/fake-feedback';
import { i18n } from './i18n';
import { codeLabel, codeTable, useCodeLabel } from './code-table';

vi.mock('./request', (original) => import('../test/fake-api').then((m) => m.withFakeApi(original)));

const entries: CodeTableEntry[] = [
  { key: 'unit.month', 'zh-cn': '月', 'en-us': 'month' },
  { key: 'pay_type.2', 'zh-cn': 'USDT 支付', 'en-us': 'USDT' },
];

function Label({ code }: { code: string }) {
  const label = useCodeLabel();
  return <span data-testid="label">{label(code)}</span>;
}

describe('code table', () => {
  let fake: ReturnType<typeof bindFakeFeedback>;
  beforeEach(() => {
    codeTable.reset();
    fake = bindFakeFeedback();
  });
  afterEach(() => fake.unbind());

  it('labels keys from the stored table in the page language, falling back to the key', async () => {
    window.localStorage.setItem('code_table', JSON.stringify(entries));
    expect(codeLabel('unit.month')).toBe('月');
    expect(codeLabel('unknown.key')).toBe('unknown.key');
    await i18n.changeLanguage('en-US');
    expect(codeLabel('unit.month')).toBe('month');
  });

  it('fetches the table on first use, stores it and refreshes only once per page load', async () => {
    fakeApi.ok('GET', '/code_table', entries);
    render(<Label code="pay_type.2" />);
    expect(screen.getByTestId('label').textContent).toBe('pay_type.2');
    await waitFor(() => expect(screen.getByTestId('label').textContent).toBe('USDT 支付'));
    expect(JSON.parse(window.localStorage.getItem('code_table') ?? '[]')).toEqual(entries);
    await codeTable.refresh();
    render(<Label code="unit.month" />);
    expect(fakeApi.requests('GET', '/code_table')).toHaveLength(1);
  });

  it('keeps the stored copy and tells no one when the refresh fails', async () => {
    window.localStorage.setItem('code_table', JSON.stringify(entries));
    fakeApi.fail('GET', '/code_table', 500, 'down');
    await expect(codeTable.refresh()).rejects.toThrow();
    expect(codeLabel('unit.month')).toBe('月');
    expect(fake.toast).not.toHaveBeenCalled();
    expect(fake.notify).not.toHaveBeenCalled();
    fakeApi.ok('GET', '/code_table', [{ key: 'unit.month', 'zh-cn': '个月', 'en-us': 'months' }]);
    await codeTable.refresh();
    expect(codeLabel('unit.month')).toBe('个月');
  });
});
