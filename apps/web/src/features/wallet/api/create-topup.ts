import { useMutation } from '@tanstack/react-query';
import type { CreateTopupBody, TopupOrderCreated } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { newIdempotencyKey } from '../../../lib/idempotency';

export interface CreateTopupInput {
  money: string;
  pay_type: number;
}

/**
 * POST /orders: a top-up order and its payment (QR, address, amount in the payment currency).
 * Each submission carries its own `Idempotency-Key`, so a request the network retried creates one
 * order, not two.
 */
export async function createTopup(input: CreateTopupInput): Promise<TopupOrderCreated> {
  const body: CreateTopupBody = { money: input.money, pay_type: input.pay_type };
  const { data } = await api.post<TopupOrderCreated>('/orders', body, {
    headers: { 'Idempotency-Key': newIdempotencyKey() },
  });
  return data;
}

export function useCreateTopup() {
  return useMutation({ mutationFn: createTopup });
}
