import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { epaySignature } from './epay/gateway';
import { epusdtSignature } from './epusdt/gateway';
import { assertSignature, canonicalParams, flatParams, hmacSignature } from './signing';
import { CallbackError } from './types';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe('epusdt signature', () => {
  const params = {
    order_id: 'CB2026112200001',
    amount: '100',
    notify_url: 'https://shop.example/api/pay/epusdt/notify',
    redirect_url: '',
    trade_type: 'usdt.trc20',
    timeout: '600',
    signature: 'ignored',
  };

  it('signs the sorted non-empty parameters without signature, token appended, MD5 lower-case hex', () => {
    const text =
      'amount=100&notify_url=https://shop.example/api/pay/epusdt/notify&order_id=CB2026112200001' +
      '&timeout=600&trade_type=usdt.trc20' +
      'epusdt-token-123';
    expect(epusdtSignature(params, 'epusdt-token-123')).toBe(md5(text));
    // Computed separately with `printf … | md5sum`.
    expect(epusdtSignature(params, 'epusdt-token-123')).toBe('ad6f5cbed6f6625eda34210ddb3c957f');
  });

  it('changes with any signed value or the token', () => {
    const base = epusdtSignature(params, 'epusdt-token-123');
    expect(epusdtSignature({ ...params, amount: '1000' }, 'epusdt-token-123')).not.toBe(base);
    expect(epusdtSignature(params, 'epusdt-token-124')).not.toBe(base);
    expect(epusdtSignature({ ...params, signature: 'other' }, 'epusdt-token-123')).toBe(base);
  });
});

describe('epay signature', () => {
  it('drops sign, sign_type and empty values, sorts, appends the key, MD5', () => {
    const params = {
      pid: '1001',
      type: 'alipay',
      out_trade_no: 'CB2026112200002',
      notify_url: 'https://shop.example/api/pay/epay/notify',
      return_url: 'https://shop.example/index',
      name: 'Top-up',
      money: '720.00',
      clientip: '203.0.113.7',
      device: 'pc',
      param: '',
      sign: 'x',
      sign_type: 'MD5',
    };
    const text =
      'clientip=203.0.113.7&device=pc&money=720.00&name=Top-up&notify_url=https://shop.example/api/pay/epay/notify' +
      '&out_trade_no=CB2026112200002&pid=1001&return_url=https://shop.example/index&type=alipay' +
      'merchant-key-xyz';
    expect(epaySignature(params, 'merchant-key-xyz')).toBe(md5(text));
    expect(epaySignature(params, 'merchant-key-xyz')).toBe('05a06bc9ffdad7b847a8f3f5b744f0ee');
  });
});

describe('canonicalParams', () => {
  it('sorts by ASCII code, so upper case comes before lower case and _ between them', () => {
    expect(canonicalParams({ b: '1', a_b: '2', B: '3', a: '4' }, [])).toBe('B=3&a=4&a_b=2&b=1');
  });
});

describe('hmacSignature and assertSignature', () => {
  it('computes HMAC-SHA256 over the canonical string', () => {
    const expected = createHmac('sha256', 'k').update('a=1&b=2').digest('hex');
    expect(hmacSignature({ b: '2', a: '1', signature: 's' }, ['signature'], 'k')).toBe(expected);
  });

  it('accepts the same signature in either case and rejects others by reason', () => {
    expect(() => assertSignature('epay', 'ABCDEF', 'abcdef')).not.toThrow();
    const reason = (received: string | undefined) => {
      try {
        assertSignature('epay', received, 'abcdef');
      } catch (error) {
        return (error as CallbackError).reason;
      }
      return 'accepted';
    };
    expect(reason(undefined)).toBe('missing_signature');
    expect(reason('')).toBe('missing_signature');
    expect(reason('abcdee')).toBe('bad_signature');
    expect(reason('abc')).toBe('bad_signature');
  });
});

describe('flatParams', () => {
  it('keeps strings, writes JSON numbers as their shortest text and nulls as empty', () => {
    expect(flatParams('epusdt', { a: 'x', b: 100, c: 14.2857, d: null })).toEqual({
      a: 'x',
      b: '100',
      c: '14.2857',
      d: '',
    });
  });

  it.each([[null], ['text'], [[1]], [{ a: ['1', '2'] }], [{ a: { b: 1 } }], [{ a: true }]])(
    'refuses %j as malformed',
    (value) => {
      expect(() => flatParams('epay', value)).toThrow(CallbackError);
    },
  );
});
