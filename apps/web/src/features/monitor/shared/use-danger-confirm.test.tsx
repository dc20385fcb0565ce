import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRoutes } from '../../../test/render-app';
import { useDangerConfirm } from './use-danger-confirm';

const texts = {
  title: 'Delete the rows?',
  content: 'They cannot be restored.',
  okText: 'Delete',
  cancelText: 'Cancel',
  okTestId: 'danger-ok',
};

/** A button asking with `done` made from the answer, running `run`. */
function Asker({ run }: { run: () => Promise<{ deleted: number }> }) {
  const confirm = useDangerConfirm();
  return (
    <button
      type="button"
      onClick={() => confirm({ ...texts, done: (answer) => `${answer.deleted} rows deleted` }, run)}
    >
      ask
    </button>
  );
}

const open = (run: () => Promise<{ deleted: number }>) =>
  renderRoutes([{ path: '/', element: <Asker run={run} /> }]);

describe('useDangerConfirm', () => {
  it('runs only after OK and tells the success made from the answer', async () => {
    let runs = 0;
    open(() => {
      runs += 1;
      return Promise.resolve({ deleted: 3 });
    });
    fireEvent.click(await screen.findByText('ask'));
    expect((await screen.findByRole('dialog')).textContent).toContain('They cannot be restored.');
    expect(runs).toBe(0);
    fireEvent.click(screen.getByTestId('danger-ok'));
    expect(await screen.findByText('3 rows deleted')).toBeTruthy();
    expect(runs).toBe(1);
  });

  it('shows no success when the server refuses', async () => {
    let refused = false;
    open(() => {
      refused = true;
      return Promise.reject(new Error('refused'));
    });
    fireEvent.click(await screen.findByText('ask'));
    fireEvent.click(await screen.findByTestId('danger-ok'));
    await waitFor(() => expect(refused).toBe(true));
    // The success message would show on the next ticks; give it time to (not) appear.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(/rows deleted/)).toBeNull();
  });
});
