import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { BusinessResource, OperatorResourceAction } from '@cloudbay/contracts';
import { Providers } from '../../../../app/providers';
import { i18n } from '../../../../lib/i18n';
import { fakeApi } from '../../../../test/fake-api';
import { ResourceActionDialog } from './resource-action-dialog';

vi.mock('../../../../lib/request', (original) =>
  import('../../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const desktop: BusinessResource = {
  id: 7,
  resource_id: 'dt-abcdefghijklmnop',
  kind: 'desktop',
  name: 'office-pc',
  instance_id: 'ecd-1',
  user_id: 3,
  email: 'buyer@example.com',
  status: 'running',
  resource_status: 'created',
  region_id: 1,
  region_name: 'Hong Kong',
  billing_method: 'subscription',
  auto_renew: false,
  gift: false,
  expires_at: '2099-01-01T12:00:00.000Z',
  stop_reason: null,
  created_at: '2026-11-01T00:00:00.000Z',
  deleted_at: null,
  actions: ['stop', 'release', 'extend', 'reconcile'],
};

function open(action: OperatorResourceAction, onClose = vi.fn()) {
  render(
    <Providers>
      <ResourceActionDialog open resource={desktop} action={action} onClose={onClose} />
    </Providers>,
  );
  return onClose;
}

const dialog = async () => within(await screen.findByTestId('resource-action-dialog-body'));
const submit = () => fireEvent.click(screen.getByTestId('resource-action-submit'));

beforeEach(async () => {
  fakeApi.reset();
  await i18n.changeLanguage('en-US');
});
afterEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('ResourceActionDialog', () => {
  it('refuses to send an action without a reason, then sends it with the trimmed reason', async () => {
    fakeApi.ok('POST', '/business/resource/7/action', { resource: { ...desktop, status: 'stopping' } });
    const onClose = open('stop');
    const body = await dialog();
    expect(body.getByTestId('resource-action-target').textContent).toContain(
      'office-pc (dt-abcdefghijklmnop) of buyer@example.com',
    );
    submit();
    expect((await body.findByTestId('resource-action-reason-error')).textContent).toContain(
      'Enter the reason for this action',
    );
    expect(fakeApi.requests('POST')).toHaveLength(0);

    fireEvent.change(body.getByTestId('resource-action-reason'), { target: { value: '  Abuse report  ' } });
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fakeApi.requests('POST', '/business/resource/7/action')[0]!.body).toEqual({
      action: 'stop',
      reason: 'Abuse report',
    });
  });

  it('shows each refund rule with its amount and releases with the chosen one under an Idempotency-Key', async () => {
    fakeApi.ok('GET', '/business/resource/7/refund_preview', {
      none: '0.00',
      prorated: '12.34',
      full: '25.20',
      paid: '25.20',
    });
    fakeApi.ok('POST', '/business/resource/7/release', { resource: desktop, refunded: '25.20' });
    const onClose = open('release');
    const body = await dialog();
    expect((await body.findByTestId('resource-refund-amount')).textContent).toContain('Refunds $12.34');
    fireEvent.click(body.getByText(/Full \(everything paid\) · \$25\.20/));
    expect(body.getByTestId('resource-refund-amount').textContent).toContain('Refunds $25.20');
    fireEvent.change(body.getByTestId('resource-action-reason'), { target: { value: 'Customer asked' } });
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [sent] = fakeApi.requests('POST', '/business/resource/7/release');
    expect(sent!.body).toEqual({ refund: 'full', reason: 'Customer asked' });
    expect(sent!.headers['idempotency-key']).toMatch(UUID);
  });

  it('extends by the days chosen and shows the new expiry first', async () => {
    fakeApi.ok('POST', '/business/resource/7/extend', {
      resource: desktop,
      expires_at: '2099-01-08T12:00:00.000Z',
      order_no: 'OD1',
    });
    const onClose = open('extend');
    const body = await dialog();
    expect(body.getByTestId('resource-extend-new-expiry').textContent).toMatch(/Jan 8, 2099/);
    fireEvent.change(body.getByTestId('resource-action-reason'), { target: { value: 'Outage credit' } });
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [sent] = fakeApi.requests('POST', '/business/resource/7/extend');
    expect(sent!.body).toEqual({ days: 7, reason: 'Outage credit' });
    expect(sent!.headers['idempotency-key']).toMatch(UUID);
  });

  it('shows what reconciling read from the cloud', async () => {
    fakeApi.ok('POST', '/business/resource/7/reconcile', {
      resource: { ...desktop, status: 'shutdown' },
      found: true,
      cloud_status: 'shutdown',
      before: { status: 'running', deleted: false },
      after: { status: 'shutdown', deleted: false },
      changed: true,
    });
    open('reconcile');
    const body = await dialog();
    fireEvent.change(body.getByTestId('resource-action-reason'), {
      target: { value: 'Customer says it is off' },
    });
    submit();
    expect((await body.findByTestId('resource-reconcile-result')).textContent).toContain(
      'The status here was updated from the cloud.',
    );
  });
});
