import { describe, expect, it } from 'vitest';
import { LOGGED_TEXT_MAX, MASK, isSecretKey, maskSecrets, maskedJson } from './mask';

describe('maskSecrets', () => {
  it('masks secrets at any depth, whatever the case or separator', () => {
    const masked = maskSecrets({
      email: 'a@example.com',
      password: 'Sunny-Day-42',
      oldPassword: 'x',
      NEW_PASSWORD: 'y',
      code: 'K7PQ',
      email_code: '123456',
      captcha: 'abcd',
      body: { private_key: '-----BEGIN', 'Private-Key': 'z', nested: [{ token: 't', name: 'kept' }] },
      access_token: 'tok',
      api_secret: 's',
      key: 'k',
      sign: 'md5',
    });
    expect(masked).toEqual({
      email: 'a@example.com',
      password: MASK,
      oldPassword: MASK,
      NEW_PASSWORD: MASK,
      code: MASK,
      email_code: MASK,
      captcha: MASK,
      body: { private_key: MASK, 'Private-Key': MASK, nested: [{ token: MASK, name: 'kept' }] },
      access_token: MASK,
      api_secret: MASK,
      key: MASK,
      sign: MASK,
    });
  });

  it('keeps fields that only contain "key" or "code" inside another word', () => {
    for (const key of ['key_pair_id', 'country_code', 'public_key_name', 'monkey', 'zip_code']) {
      expect(isSecretKey(key), key).toBe(false);
    }
    expect(maskSecrets({ key_pair_id: 3, country_code: 'US' })).toEqual({
      key_pair_id: 3,
      country_code: 'US',
    });
  });

  it('leaves the input untouched and keeps scalars, nulls and arrays', () => {
    const input = { password: 'p', list: [1, 'two', null] };
    expect(maskSecrets(input)).toEqual({ password: MASK, list: [1, 'two', null] });
    expect(input.password).toBe('p');
    expect(maskSecrets('plain')).toBe('plain');
    expect(maskSecrets({ password: null })).toEqual({ password: null });
  });
});

describe('maskedJson', () => {
  it('is null for nothing and cuts long text', () => {
    expect(maskedJson(undefined)).toBeNull();
    expect(maskedJson({})).toBeNull();
    expect(maskedJson({ password: 'p' })).toBe(`{"password":"${MASK}"}`);
    const long = maskedJson({ note: 'x'.repeat(5000) })!;
    expect(long.length).toBe(LOGGED_TEXT_MAX);
    expect(long.endsWith('…')).toBe(true);
  });
});
