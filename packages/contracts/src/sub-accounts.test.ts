import { describe, expect, it } from 'vitest';
import { loginBody } from './identity';
import { createSubAccountBody, subAccountBatchEditBody, subAccountBindDesktopsBody } from './sub-accounts';

describe('sub-account contracts', () => {
  it('keeps binding permissions known, once each, in the catalogue order', () => {
    const body = subAccountBindDesktopsBody.parse({
      desktop_ids: ['cd-1'],
      permissions: ['renew', 'connect', 'renew'],
    });
    expect(body.permissions).toEqual(['connect', 'renew']);
    expect(
      subAccountBindDesktopsBody.safeParse({ desktop_ids: ['cd-1'], permissions: ['sudo'] }).success,
    ).toBe(false);
    expect(subAccountBindDesktopsBody.safeParse({ desktop_ids: [] }).error?.issues[0]?.message).toBe(
      'SELECTION_REQUIRED',
    );
  });

  it('needs a nickname of at least 4 characters and a selection for a batch edit', () => {
    expect(createSubAccountBody.safeParse({ nickname: 'abc', password: 'Sunny-Day-42' }).success).toBe(false);
    expect(createSubAccountBody.safeParse({ nickname: '小王同学', password: 'Sunny-Day-42' }).success).toBe(
      true,
    );
    expect(subAccountBatchEditBody.safeParse({ account_ids: [], status: '1' }).success).toBe(false);
    expect(subAccountBatchEditBody.safeParse({ account_ids: [1], spend_cap: '12.345' }).success).toBe(false);
  });

  it('reads a sub-account sign-in, and an empty son_account as a main account’s', () => {
    const captcha = { uuid: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f', code: 'k7pq' };
    const base = { email: 'Boss@Example.com', password: 'x', ...captcha };
    expect(loginBody.parse({ ...base, son_account: ' staff1 ' })).toMatchObject({
      email: 'boss@example.com',
      son_account: 'staff1',
    });
    expect(loginBody.parse({ ...base, son_account: '' }).son_account).toBeUndefined();
  });
});
