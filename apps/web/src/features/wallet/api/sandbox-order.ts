import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SandboxOrder } from '@cloudbay/contracts';
import { api } from '../../../lib/request';

const sandboxOrderKey = (no: string) => ['sandbox-order', no] as const;

/** GET /pay/sandbox/{no} (public): what the payer page shows. Sent without a token: anyone with the QR may pay. */
export async function getSandboxOrder(no: string): Promise<SandboxOrder> {
  const { data } = await api.get<SandboxOrder>(`/pay/sandbox/${encodeURIComponent(no)}`, undefined, {
    auth: false,
  });
  return data;
}

export function useSandboxOrder(no: string) {
  return useQuery({ queryKey: sandboxOrderKey(no), queryFn: () => getSandboxOrder(no) });
}

/** POST /pay/sandbox/{no}/pay (public): completes the order through the gateway's callback path. */
export async function paySandboxOrder(no: string): Promise<void> {
  await api.post(`/pay/sandbox/${encodeURIComponent(no)}/pay`, undefined, { auth: false });
}

/** Pays, then reads the order again so the page shows what the server now says. */
export function usePaySandboxOrder(no: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => paySandboxOrder(no),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sandboxOrderKey(no) }),
  });
}
