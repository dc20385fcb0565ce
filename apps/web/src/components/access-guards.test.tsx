import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { setGrants } from '../lib/access';
import { i18n } from '../lib/i18n';
import { HasPermi, HasRole } from './access-guards';

/** Shows the message of whatever its children throw. */
class Catch extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('HasPermi', () => {
  it('shows its children when one of the permissions is granted', () => {
    setGrants({ roles: ['ROLE_DEFAULT'], permissions: ['cloud:buy:list'] });
    render(
      <HasPermi value={['system:user:add', 'cloud:buy:list']}>
        <button type="button">buy</button>
      </HasPermi>,
    );
    expect(screen.getByRole('button', { name: 'buy' })).toBeTruthy();
  });

  it('shows everything to the wildcard permission', () => {
    setGrants({ roles: ['ROLE_DEFAULT'], permissions: ['*:*:*'] });
    render(<HasPermi value={['system:user:add']}>add user</HasPermi>);
    expect(screen.getByText('add user')).toBeTruthy();
  });

  it('hides its children otherwise, and follows the grants as they change', () => {
    setGrants({ roles: ['ROLE_DEFAULT'], permissions: ['cloud:log:list'] });
    render(<HasPermi value={['system:user:add']}>add user</HasPermi>);
    expect(screen.queryByText('add user')).toBeNull();
    act(() => setGrants({ roles: ['ROLE_DEFAULT'], permissions: ['system:user:add'] }));
    expect(screen.getByText('add user')).toBeTruthy();
  });

  it('throws, asking for a value, when given none', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Catch>
        <HasPermi value={[]}>x</HasPermi>
      </Catch>,
    );
    expect(screen.getByRole('alert').textContent).toBe('请设置操作权限标签值');

    await act(() => i18n.changeLanguage('en-US'));
    render(
      <Catch>
        <HasPermi value={[]}>x</HasPermi>
      </Catch>,
    );
    expect(screen.getAllByRole('alert').at(-1)?.textContent).toBe(
      'Please set the permission values of this element',
    );
  });
});

describe('HasRole', () => {
  it('shows its children for one of the roles, and for admin', () => {
    setGrants({ roles: ['ops'], permissions: [] });
    const { rerender } = render(<HasRole value={['finance', 'ops']}>ops tools</HasRole>);
    expect(screen.getByText('ops tools')).toBeTruthy();
    act(() => setGrants({ roles: ['admin'], permissions: [] }));
    rerender(<HasRole value={['finance']}>ops tools</HasRole>);
    expect(screen.getByText('ops tools')).toBeTruthy();
  });

  it('hides its children for other roles', () => {
    setGrants({ roles: ['ROLE_DEFAULT'], permissions: ['*:*:*'] });
    render(<HasRole value={['ops']}>ops tools</HasRole>);
    expect(screen.queryByText('ops tools')).toBeNull();
  });

  it('throws, asking for a value, when given none', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Catch>
        <HasRole value={[]}>x</HasRole>
      </Catch>,
    );
    expect(screen.getByRole('alert').textContent).toBe('请设置角色权限标签值');
  });
});
