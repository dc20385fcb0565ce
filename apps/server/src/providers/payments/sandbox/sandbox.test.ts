import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CallbackError } from '../types';
import { memorySandboxBooks, type SandboxBooks } from './books';
import { SandboxGateway, sandboxAddress, sandboxPayerSignature } from './gateway';

const NOW = new Date('2026-11-22T08:00:00Z');
const SECRET = 'sandbox-secret-0123456789';

function sandbox(payType: '1' | '2', secret = SECRET, books: SandboxBooks = memorySandboxBooks()) {
  return new SandboxGateway(
    { payType, publicUrl: 'https://console.example/', secret, cnyRate: '7.2' },
    books,
    () => NOW,
  );
}

function post(body: unknown) {
  return { method: 'POST', query: {}, body, headers: {} };
}

function reasonOf(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    if (error instanceof CallbackError) return error.reason;
    throw error;
  }
  return 'accepted';
}

describe('the payer link signature', () => {
  it('is an HMAC of the order number under the sandbox secret, checked in constant time', () => {
    const signature = sandboxPayerSignature(SECRET, 'CB2026112200001');
    expect(signature).toBe(
      createHmac('sha256', SECRET).update('no=CB2026112200001&purpose=payer-page').digest('hex'),
    );
    expect(sandbox('2').isPayerSignature('CB2026112200001', signature)).toBe(true);
    expect(sandbox('2').isPayerSignature('CB2026112200001', signature.toUpperCase())).toBe(true);
    // Another order's, another secret's, a cut one or none opens nothing.
    expect(sandbox('2').isPayerSignature('CB2026112200002', signature)).toBe(false);
    expect(sandbox('2', 'another-secret-0123456789').isPayerSignature('CB2026112200001', signature)).toBe(
      false,
    );
    expect(sandbox('2').isPayerSignature('CB2026112200001', signature.slice(0, 32))).toBe(false);
    expect(sandbox('2').isPayerSignature('CB2026112200001', undefined)).toBe(false);
  });
});

describe('SandboxGateway.createPayment', () => {
  it('points the stablecoin QR at the local payer page, 1:1 in USDT, with a stable fake address', async () => {
    const created = await sandbox('2').createPayment({
      no: 'CB2026112200001',
      amountMicros: 100_000_000n,
      payType: '2',
      notifyUrl: 'unused',
      returnUrl: 'unused',
      clientIp: '127.0.0.1',
      subject: 'Top-up',
    });
    expect(created).toEqual({
      tradeId: 'sandbox-CB2026112200001',
      qrcode: `https://console.example/pay/sandbox/CB2026112200001?sig=${sandboxPayerSignature(SECRET, 'CB2026112200001')}`,
      address: sandboxAddress('CB2026112200001'),
      rateAmount: '100.00',
      currency: 'USDT',
      expiresAt: new Date('2026-11-22T08:10:00Z'),
    });
    expect(created.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(sandboxAddress('CB2026112200001')).toBe(created.address);
    expect(sandboxAddress('CB2026112200002')).not.toBe(created.address);
  });

  it('asks for yuan at the configured rate for fiat, without an address', async () => {
    const created = await sandbox('1').createPayment({
      no: 'CB2026112200003',
      amountMicros: 5_550_000n,
      payType: '1',
      notifyUrl: 'unused',
      returnUrl: 'unused',
      clientIp: '127.0.0.1',
      subject: 'Top-up',
    });
    expect(created).toMatchObject({ address: '', rateAmount: '39.96', currency: 'CNY' });
  });
});

describe('SandboxGateway callbacks', () => {
  it('signs with HMAC-SHA256 over the sorted fields', () => {
    const body = sandbox('2').signSandboxCallback('CB1', 12_500_000n);
    const text = 'amount=12.500000&no=CB1&paid_amount=12.50&status=paid&trade_id=sandbox-CB1';
    expect(body.signature).toBe(createHmac('sha256', SECRET).update(text).digest('hex'));
  });

  it('verifies its own signed callback through verifyCallback', () => {
    const gateway = sandbox('1');
    const verified = gateway.verifyCallback(post(gateway.signSandboxCallback('CB2', 100_000_000n)));
    expect(verified).toMatchObject({
      no: 'CB2',
      tradeId: 'sandbox-CB2',
      status: 'paid',
      paidAmount: '720.00',
      amountMicros: 100_000_000n,
    });
  });

  it('rejects tampered, wrong-key and unsigned callbacks', () => {
    const gateway = sandbox('2');
    const body = gateway.signSandboxCallback('CB3', 5_000_000n);
    expect(reasonOf(() => gateway.verifyCallback(post({ ...body, amount: '5000.000000' })))).toBe(
      'bad_signature',
    );
    expect(reasonOf(() => gateway.verifyCallback(post({ ...body, no: 'CB4' })))).toBe('bad_signature');
    const other = sandbox('2', 'another-secret-0123456789');
    expect(reasonOf(() => other.verifyCallback(post(body)))).toBe('bad_signature');
    const { signature: _signature, ...unsigned } = body;
    expect(reasonOf(() => gateway.verifyCallback(post(unsigned)))).toBe('missing_signature');
  });
});

describe('queryPayment: the sandbox answers from its own books', () => {
  const query = (no: string) => ({
    no,
    tradeId: `sandbox-${no}`,
    amountMicros: 20_000_000n,
    rateAmount: '144.00',
  });

  it('knows no payment until its payer page paid, then reports it as its callback would', async () => {
    const books = memorySandboxBooks();
    const gateway = sandbox('1', SECRET, books);
    expect(await gateway.queryPayment(query('CB2026112200009'))).toBeNull();
    await gateway.receivePayment('CB2026112200009', 20_000_000n);
    expect(await gateway.queryPayment(query('CB2026112200009'))).toMatchObject({
      no: 'CB2026112200009',
      status: 'paid',
      tradeId: 'sandbox-CB2026112200009',
      paidAmount: '144.00',
      currency: 'CNY',
      amountMicros: 20_000_000n,
    });
    // Another order, another sandbox's books, or the other pay type's sandbox holds nothing.
    expect(await gateway.queryPayment(query('CB2026112200010'))).toBeNull();
    expect(await sandbox('1').queryPayment(query('CB2026112200009'))).toBeNull();
    expect(await sandbox('2', SECRET, books).queryPayment(query('CB2026112200009'))).toBeNull();
    // A new adapter on the same books (a restart) still knows it.
    expect(await sandbox('1', SECRET, books).queryPayment(query('CB2026112200009'))).toMatchObject({
      status: 'paid',
    });
  });

  it('still reads its books after a restart with another secret (the default secret is per process)', async () => {
    const books = memorySandboxBooks();
    await sandbox('2', SECRET, books).receivePayment('CB2026112200011', 20_000_000n);
    const restarted = sandbox('2', 'another-secret-0123456789', books);
    expect(await restarted.queryPayment(query('CB2026112200011'))).toMatchObject({
      no: 'CB2026112200011',
      status: 'paid',
      paidAmount: '20.00',
      amountMicros: 20_000_000n,
    });
  });
});
