import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SandboxOrder } from '@cloudbay/contracts';
import { SANDBOX_PAYER_SIGNATURE_PARAM } from '@cloudbay/contracts/core';
import { api } from '../../../lib/request';

const sandboxOrderKey = (no: string) => ['sandbox-order', no] as const;
const orderPath = (no: string) => `/pay/sandbox/${encodeURIComponent(no)}`;

/**
 * What proves the right to the order: the link's signature when the page was opened from the
 * QR, and the session (sent when one is stored) for its owner; the server answers 404 without either.
 */
const linkQuery = (signature: string | undefined) =>
  signature ? { [SANDBOX_PAYER_SIGNATURE_PARAM]: signature } : undefined;

/** GET /pay/sandbox/{no} (public): what the payer page shows. */
export async function getSandboxOrder(no: string, signature?: string): Promise<SandboxOrder> {
  const { data } = await api.get<SandboxOrder>(orderPath(no), linkQuery(signature));
  return data;
}

export function useSandboxOrder(no: string, signature?: string) {
  return useQuery({ queryKey: sandboxOrderKey(no), queryFn: () => getSandboxOrder(no, signature) });
}

/** POST /pay/sandbox/{no}/pay (public): completes the order through the gateway's callback path. */
export async function paySandboxOrder(no: string, signature?: string): Promise<void> {
  await api.request({ url: `${orderPath(no)}/pay`, method: 'post', params: linkQuery(signature) });
}

/** Pays, then reads the order again so the page shows what the server now says. */
export function usePaySandboxOrder(no: string, signature?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => paySandboxOrder(no, signature),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sandboxOrderKey(no) }),
  });
}
