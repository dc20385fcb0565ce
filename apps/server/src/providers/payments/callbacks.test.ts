/**
 * The fake gateways' callbacks over real HTTP into a notify endpoint that does what the notify
 * routes will do: parse, verifyCallback, answer the acknowledgement (or refuse).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEpay, startFakeEpusdt, type FakeEpay, type FakeEpusdt } from '../../../test/fake-gateways';
import { EpayGateway } from './epay/gateway';
import { EpusdtGateway } from './epusdt/gateway';
import { isCallbackError, type PaymentGateway, type VerifiedCallback } from './types';

let epusdtFake: FakeEpusdt;
let epayFake: FakeEpay;
let notify: Server;
let notifyUrl = '';
const received: VerifiedCallback[] = [];
const gateways: Record<string, PaymentGateway> = {};

beforeAll(async () => {
  [epusdtFake, epayFake] = await Promise.all([startFakeEpusdt('cb-token'), startFakeEpay('7', 'cb-key')]);
  gateways.epusdt = new EpusdtGateway({ url: epusdtFake.url, token: 'cb-token' });
  gateways.epay = new EpayGateway({
    url: epayFake.url,
    pid: '7',
    key: 'cb-key',
    type: 'alipay',
    cnyRate: '7.2',
  });
  notify = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const gateway = gateways[url.pathname.split('/').at(-2) ?? ''];
    if (!gateway) {
      response.writeHead(404).end();
      return;
    }
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      try {
        const verified = gateway.verifyCallback({
          method: request.method ?? 'GET',
          query: Object.fromEntries(url.searchParams),
          body: text ? JSON.parse(text) : undefined,
          headers: request.headers,
        });
        received.push(verified);
        response.end(gateway.acknowledgement);
      } catch (error) {
        response.writeHead(isCallbackError(error) ? 400 : 500).end('fail');
      }
    });
  });
  await new Promise<void>((resolve) => notify.listen(0, '127.0.0.1', resolve));
  notifyUrl = `http://127.0.0.1:${(notify.address() as AddressInfo).port}/api/pay`;
});

afterAll(async () => {
  notify.closeAllConnections();
  await Promise.all([epusdtFake.close(), epayFake.close(), new Promise((resolve) => notify.close(resolve))]);
});

const input = (no: string, gateway: string) => ({
  no,
  amountMicros: 20_000_000n,
  payType: '2' as const,
  notifyUrl: `${notifyUrl}/${gateway}/notify`,
  returnUrl: 'http://127.0.0.1/index',
  clientIp: '127.0.0.1',
  subject: 'Top-up',
});

describe('callbacks sent by the fake gateways', () => {
  it('epusdt: a correct callback is acknowledged with ok; spoiled ones are refused', async () => {
    await gateways.epusdt!.createPayment(input('CBCALLBACK1', 'epusdt'));
    expect(await epusdtFake.sendCallback('CBCALLBACK1')).toEqual({ status: 200, body: 'ok' });
    expect(received.at(-1)).toMatchObject({ no: 'CBCALLBACK1', status: 'paid', amountMicros: 20_000_000n });
    for (const variant of ['tampered', 'wrong-key', 'unsigned'] as const) {
      expect(await epusdtFake.sendCallback('CBCALLBACK1', variant)).toEqual({ status: 400, body: 'fail' });
    }
    expect(received.filter((item) => item.no === 'CBCALLBACK1')).toHaveLength(1);
  });

  it('epay: a correct GET callback is acknowledged with success; spoiled ones are refused', async () => {
    await gateways.epay!.createPayment(input('CBCALLBACK2', 'epay'));
    expect(await epayFake.sendCallback('CBCALLBACK2')).toEqual({ status: 200, body: 'success' });
    expect(received.at(-1)).toMatchObject({
      no: 'CBCALLBACK2',
      paidAmount: '144.00',
      amountMicros: 20_000_000n,
    });
    for (const variant of ['tampered', 'wrong-key', 'unsigned'] as const) {
      expect(await epayFake.sendCallback('CBCALLBACK2', variant)).toEqual({ status: 400, body: 'fail' });
    }
    expect(received.filter((item) => item.no === 'CBCALLBACK2')).toHaveLength(1);
  });
});
