import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Providers } from '../app/providers';
import { ResourceRowActions, type RowActionItem } from './row-actions';

const item = (id: string, disabled = false): RowActionItem<string> => ({
  id,
  label: `label-${id}`,
  disabled,
  choice: `chose-${id}`,
});

function renderActions(compact: boolean) {
  const onChoose = vi.fn<(choice: string) => void>();
  render(
    <Providers>
      <ResourceRowActions
        buttons={[item('connect'), item('stop'), item('reboot', true)]}
        runItems={[item('connect'), item('start', true), item('stop'), item('reboot', true)]}
        groups={[[item('edit')], [item('rebuild', true), item('renew')]]}
        compact={compact}
        onChoose={onChoose}
        testIdPrefix="thing"
        texts={{ more: 'More', actions: 'Actions' }}
      />
    </Providers>,
  );
  return onChoose;
}

/** The open menu's items, by their test ids, with whether each is disabled. */
function menuItems() {
  return [...document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden) [role="menuitem"]')].map(
    (li) => [
      li.querySelector('[data-testid]')?.getAttribute('data-testid'),
      li.getAttribute('aria-disabled') === 'true',
    ],
  );
}

describe('ResourceRowActions', () => {
  it('shows the buttons and the "More" menu on a wide screen, each reporting its choice', async () => {
    const onChoose = renderActions(false);
    expect(screen.getByTestId('thing-reboot').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('thing-stop'));
    expect(onChoose).toHaveBeenLastCalledWith('chose-stop');

    fireEvent.click(screen.getByTestId('thing-more'));
    await screen.findByTestId('thing-action-renew');
    expect(menuItems()).toEqual([
      ['thing-action-edit', false],
      ['thing-action-rebuild', true],
      ['thing-action-renew', false],
    ]);
    expect(document.querySelectorAll('.ant-dropdown-menu-item-divider')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('thing-action-renew'));
    expect(onChoose).toHaveBeenLastCalledWith('chose-renew');
  });

  it('puts everything in one menu on a narrow screen, the run actions first', async () => {
    const onChoose = renderActions(true);
    expect(screen.queryByTestId('thing-more')).toBeNull();
    fireEvent.click(screen.getByTestId('thing-actions'));
    await screen.findByTestId('thing-action-connect');
    expect(menuItems().map(([testId]) => testId)).toEqual([
      'thing-action-connect',
      'thing-action-start',
      'thing-action-stop',
      'thing-action-reboot',
      'thing-action-edit',
      'thing-action-rebuild',
      'thing-action-renew',
    ]);
    fireEvent.click(screen.getByTestId('thing-action-edit'));
    expect(onChoose).toHaveBeenLastCalledWith('chose-edit');
  });
});
