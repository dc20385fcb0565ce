/**
 * The new-password fields shared by the change-password form and the sub-account dialogs (create,
 * reset): their labels, the password rule with its hint, the confirmation that must repeat it
 * (checked again when the password changes) and the inputs' test ids.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { Providers } from '../../../app/providers';
import { i18n } from '../../../lib/i18n';
import { NewPasswordFields, type NewPasswordFieldsProps } from './account-fields';

const STRONG = 'Blue-Harbor-2026';

function renderFields(props: NewPasswordFieldsProps) {
  const onFinish = vi.fn();
  render(
    <Providers>
      <Form layout="vertical" onFinish={onFinish}>
        <NewPasswordFields {...props} />
        <Button htmlType="submit" data-testid="submit">
          Save
        </Button>
      </Form>
    </Providers>,
  );
  return onFinish;
}

const errors = () =>
  [...document.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent);

// The strings checked are the English ones; the test setup returns to Chinese after every test.
beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('NewPasswordFields', () => {
  it('labels a first password "Password" and a change "New password", with the rule’s hint', () => {
    renderFields({ fresh: true, testId: 'first' });
    expect(screen.getByText('Password')).toBeTruthy();
    expect(screen.queryByText('New password')).toBeNull();
    expect(screen.getByText('Confirm password')).toBeTruthy();
    expect(screen.getByText(/8 to 64 characters/)).toBeTruthy();
    expect(screen.getByTestId('first-password').getAttribute('placeholder')).toBe('Enter your password');
  });

  it('refuses a weak password and a confirmation that differs, then passes both values on', async () => {
    const onFinish = renderFields({ testId: 'reset' });
    expect(screen.getByText('New password')).toBeTruthy();
    expect(screen.getByTestId('reset-password').getAttribute('placeholder')).toBe('Enter a new password');

    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() =>
      expect(errors()).toEqual(['Please enter a password', 'Please enter the password again']),
    );

    fireEvent.change(screen.getByTestId('reset-password'), { target: { value: 'short' } });
    fireEvent.change(screen.getByTestId('reset-confirm'), { target: { value: 'other' } });
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() =>
      expect(errors()).toEqual([
        'The password must be 8 to 64 characters long',
        'The two passwords do not match',
      ]),
    );
    expect(onFinish).not.toHaveBeenCalled();

    // The confirmation is checked again when the password changes to what it repeats.
    fireEvent.change(screen.getByTestId('reset-confirm'), { target: { value: STRONG } });
    fireEvent.change(screen.getByTestId('reset-password'), { target: { value: STRONG } });
    await waitFor(() => expect(errors()).toEqual([]));
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ password: STRONG, confirm: STRONG }));
  });
});
