/**
 * A sub-account's console (issue 21): the desktop and phone rows offer only what the binding
 * permits (`son_permissions` on the row); a main account's rows are unchanged.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { Desktop, Phone } from '@cloudbay/contracts';
import { Providers } from '../../app/providers';
import { RowActions } from '../desktops/list/components/row-actions';
import { RUNNING_ACTIONS, testDesktop } from '../desktops/list/test-desktops';
import { PhoneRowActions } from '../phones/list/phone-row-actions';
import { testPhone } from '../phones/test-phones';

const bound = <T extends object>(row: T, permissions: string[]) => ({ ...row, son_permissions: permissions });

/** The open menu's item test ids. */
const menuIds = () =>
  [
    ...document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden) [role="menuitem"] [data-testid]'),
  ].map((node) => node.getAttribute('data-testid'));

async function openCompactMenu(prefix: string) {
  fireEvent.click(screen.getByTestId(`${prefix}-actions`));
  await screen.findAllByRole('menuitem');
  return menuIds();
}

describe('row actions under a binding', { timeout: 20_000 }, () => {
  it('a desktop bound with connect and start/stop offers connect, start and stop only', async () => {
    const desktop = bound(testDesktop(1, { actions: RUNNING_ACTIONS }), ['connect', 'start_stop']) as Desktop;
    render(
      <Providers>
        <RowActions desktop={desktop} compact onAction={vi.fn()} />
      </Providers>,
    );
    const ids = await openCompactMenu('desktop');
    expect(ids).toContain('desktop-action-connect');
    expect(ids).toContain('desktop-action-stop');
    for (const hidden of ['reboot', 'rebuild', 'renew', 'spec', 'migrate', 'edit', 'policy', 'proxy']) {
      expect(ids).not.toContain(`desktop-action-${hidden}`);
    }
    // Looking is not an action: details and monitoring stay.
    expect(ids).toContain('desktop-action-detail');
  });

  it('a main account’s desktop row keeps every entry', async () => {
    render(
      <Providers>
        <RowActions desktop={testDesktop(1, { actions: RUNNING_ACTIONS })} compact onAction={vi.fn()} />
      </Providers>,
    );
    const ids = await openCompactMenu('desktop');
    for (const entry of ['reboot', 'rebuild', 'renew', 'spec', 'edit', 'policy']) {
      expect(ids).toContain(`desktop-action-${entry}`);
    }
  });

  it('a phone bound with connect and start/stop shows no reset, replace, renew or group', async () => {
    const phone = bound(testPhone(1, { status: 'running' }), ['connect', 'start_stop']) as Phone;
    render(
      <Providers>
        <PhoneRowActions phone={phone} compact onChoose={vi.fn()} />
      </Providers>,
    );
    const ids = await openCompactMenu('phone');
    expect(ids).toContain('phone-action-connect');
    expect(ids).toContain('phone-action-stop');
    for (const hidden of [
      'restart',
      'reset',
      'replace',
      'renew',
      'upgrade',
      'group',
      'edit',
      'run_command',
      'adb',
    ]) {
      expect(ids).not.toContain(`phone-action-${hidden}`);
    }
  });

  it('reset/replace on a phone binding brings both back', async () => {
    const phone = bound(testPhone(1, { status: 'running' }), ['reset_replace']) as Phone;
    render(
      <Providers>
        <PhoneRowActions phone={phone} compact onChoose={vi.fn()} />
      </Providers>,
    );
    const ids = await openCompactMenu('phone');
    expect(ids).toEqual(expect.arrayContaining(['phone-action-reset', 'phone-action-replace']));
    expect(ids).not.toContain('phone-action-connect');
  });
});
