/**
 * Connecting to cloud phones: the customer's running phones, connection tickets (POST
 * /user/ph/phone/connection_ticket) and screenshots (GET /user/ph/phone/{id}/screenshot).
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { PhonePage, PhoneTicketEntry, PhoneTicketResult } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { phonesKey } from './phones-keys';

const connectKey = [...phonesKey, 'connect'] as const;

export interface RunningPhonesQuery {
  page: number;
  limit: number;
  name?: string;
}

/** GET /user/ph/phone?status=running: a page of the customer's running phones, newest first. */
export async function listRunningPhones(query: RunningPhonesQuery): Promise<PhonePage> {
  const { data } = await api.get<PhonePage>('/user/ph/phone', { ...query, status: 'running' });
  return data;
}

export function useRunningPhones(query: RunningPhonesQuery, refreshMs: number | false) {
  return useQuery({
    queryKey: [...connectKey, 'running', query],
    queryFn: () => listRunningPhones(query),
    placeholderData: keepPreviousData,
    enabled: getToken() !== null,
    refetchInterval: refreshMs,
  });
}

/** POST /user/ph/phone/connection_ticket for one phone: its entry (a ticket, or why not). */
export async function getPhoneTicket(phoneId: string): Promise<PhoneTicketEntry> {
  const { data } = await api.post<PhoneTicketResult>(
    '/user/ph/phone/connection_ticket',
    { phone_ids: [phoneId] },
    // Connecting again right after closing the screen is normal use, not a double submission.
    { repeatSubmit: false },
  );
  return data.results[0]!;
}

export function usePhoneTicket() {
  return useMutation({ mutationFn: getPhoneTicket });
}

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable screenshot'));
    reader.readAsDataURL(blob);
  });
}

/**
 * GET /user/ph/phone/{id}/screenshot as a data URL for an <img> (the call needs the bearer token,
 * which an image's own request would not carry). A failure shows nothing by itself.
 */
export async function getPhoneScreenshot(phoneId: string): Promise<string> {
  const { data } = await api.binary({ url: `/user/ph/phone/${encodeURIComponent(phoneId)}/screenshot` });
  return readAsDataUrl(data);
}

/** A phone's screenshot, taken again every `refreshMs` (false: not again). */
export function usePhoneScreenshot(phoneId: string, refreshMs: number | false) {
  return useQuery({
    queryKey: [...connectKey, 'screenshot', phoneId],
    queryFn: () => getPhoneScreenshot(phoneId),
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
    retry: false,
  });
}
