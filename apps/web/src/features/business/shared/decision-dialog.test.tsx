/**
 * The shared approve/reject dialog (withdrawals, balance adjustments): its words follow the action,
 * the note is a warning when approving and a note when rejecting, the form is checked before the
 * decision is sent, success shows the done message and closes, and each opening starts empty.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Providers } from '../../../app/providers';
import {
  DecisionDialog,
  DecisionReasonField,
  type DecisionAction,
  type DecisionTextKey,
} from './decision-dialog';

const WORDS: Record<DecisionTextKey, string> = {
  approve: 'Approve it',
  reject: 'Reject it',
  approveTitle: 'Approve the request',
  rejectTitle: 'Reject the request',
  approved: 'Request approved',
  rejected: 'Request rejected',
};

function renderDialog(action: DecisionAction, props: { note?: string; open?: boolean } = {}) {
  const decide = vi.fn<(values: { reason: string }, onSuccess: () => void) => void>();
  const onClose = vi.fn();
  const dialog = (open: boolean) => (
    <Providers>
      <DecisionDialog<{ reason: string }>
        open={open}
        onClose={onClose}
        action={action}
        text={(key) => WORDS[key]}
        summary="alice@example.com asks for $12.50"
        details={<span data-testid="decision-details">TJRy…</span>}
        note={props.note}
        decide={decide}
        pending={false}
        testId="test-decide"
      >
        <DecisionReasonField name="reason" label="Reason" requiredMessage="Required" testId="test-reason" />
      </DecisionDialog>
    </Providers>
  );
  const view = render(dialog(props.open ?? true));
  return { decide, onClose, reopen: (open: boolean) => view.rerender(dialog(open)) };
}

describe('DecisionDialog', () => {
  it('approves: its words and warning, the reason checked before the decision is sent, then done', async () => {
    const { decide, onClose } = renderDialog('approve', { note: 'The money moves at once.' });
    const dialog = await screen.findByTestId('test-decide-dialog');
    expect(dialog.textContent).toContain('Approve the request');
    expect(screen.getByTestId('test-decide-summary').textContent).toBe('alice@example.com asks for $12.50');
    expect(screen.getByTestId('decision-details')).toBeTruthy();
    expect(dialog.querySelector('.ant-alert-warning')?.textContent).toContain('The money moves at once.');
    expect(screen.getByTestId('test-decide-submit').textContent).toContain('Approve it');

    fireEvent.click(screen.getByTestId('test-decide-submit'));
    await waitFor(() =>
      expect(dialog.querySelector('.ant-form-item-explain-error')?.textContent).toBe('Required'),
    );
    expect(decide).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('test-reason'), { target: { value: 'Checked the transfer' } });
    fireEvent.click(screen.getByTestId('test-decide-submit'));
    await waitFor(() => expect(decide).toHaveBeenCalledTimes(1));
    expect(decide.mock.calls[0]![0]).toEqual({ reason: 'Checked the transfer' });
    expect(onClose).not.toHaveBeenCalled();
    decide.mock.calls[0]![1]();
    expect(await screen.findByText('Request approved')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('rejects: its words and the note as information', async () => {
    renderDialog('reject', { note: 'The amount returns.' });
    const dialog = await screen.findByTestId('test-decide-dialog');
    expect(dialog.textContent).toContain('Reject the request');
    expect(screen.getByTestId('test-decide-submit').textContent).toContain('Reject it');
    expect(dialog.querySelector('.ant-alert-info')?.textContent).toContain('The amount returns.');
    expect(dialog.querySelector('.ant-alert-warning')).toBeNull();
  });

  it('shows no alert without a note', async () => {
    renderDialog('reject');
    const dialog = await screen.findByTestId('test-decide-dialog');
    expect(dialog.querySelector('.ant-alert')).toBeNull();
  });

  it('starts empty at each opening', async () => {
    const { reopen } = renderDialog('reject');
    const reason = (await screen.findByTestId('test-reason')) as HTMLTextAreaElement;
    fireEvent.change(reason, { target: { value: 'half written' } });
    expect(reason.value).toBe('half written');
    reopen(false);
    reopen(true);
    await waitFor(() => expect((screen.getByTestId('test-reason') as HTMLTextAreaElement).value).toBe(''));
  });
});
