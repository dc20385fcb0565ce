import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { DictOption } from '../lib/dict-cache';
import { DictTag } from './dict-tag';

const options: DictOption[] = [
  { label: '运行中', value: 'running', elTagType: 'primary', elTagClass: '' },
  { label: '已停止', value: 'stopped', elTagType: 'danger', elTagClass: 'status-stopped' },
  { label: '待处理', value: 'pending', elTagType: 'warning', elTagClass: '' },
  { label: '完成', value: 'done', elTagType: 'success', elTagClass: '' },
  { label: '信息', value: 'info', elTagType: 'info', elTagClass: '' },
  { label: '普通', value: 'plain', elTagType: 'default', elTagClass: 'plain-class' },
  { label: '无样式', value: 'bare', elTagType: '', elTagClass: '' },
];

function tagOf(text: string): HTMLElement {
  return screen.getByText(text).closest('.ant-tag') as HTMLElement;
}

describe('DictTag', () => {
  it('colours each value by its listClass and adds its cssClass', () => {
    render(<DictTag options={options} value="running,stopped,pending,done,info" />);
    expect(tagOf('运行中').className).toContain('ant-tag-processing');
    expect(tagOf('已停止').className).toContain('ant-tag-error');
    expect(tagOf('已停止').className).toContain('status-stopped');
    expect(tagOf('待处理').className).toContain('ant-tag-warning');
    expect(tagOf('完成').className).toContain('ant-tag-success');
    expect(tagOf('信息').className).toContain('ant-tag-default');
  });

  it('shows default and empty classes as plain text', () => {
    render(<DictTag options={options} value={['plain', 'bare']} />);
    expect(screen.getByText('普通').closest('.ant-tag')).toBeNull();
    expect(screen.getByText('普通').className).toBe('plain-class');
    expect(screen.getByText('无样式').closest('.ant-tag')).toBeNull();
  });

  it('shows unknown values as they are and nothing for an empty value', () => {
    const { rerender } = render(<DictTag options={options} value="running,ghost" />);
    expect(screen.getByText('ghost').closest('.ant-tag')).toBeNull();
    expect(tagOf('运行中')).toBeTruthy();
    rerender(<DictTag options={options} value="" />);
    expect(screen.queryByTestId('dict-tag')).toBeNull();
  });
});
