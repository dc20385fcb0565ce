import { GatewayError, type GatewayName } from './types';

/** How long a create call may take before the order flow gives up and tells the customer. */
export const GATEWAY_TIMEOUT_MS = 10_000;

export interface GatewayHttpOptions {
  /** Replaced in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * POSTs to a gateway and returns its JSON answer as an object. Every failure on the way
 * (unreachable, timeout, non-2xx, a body that is not a JSON object) becomes a {@link GatewayError}
 * whose message says what happened without leaking the request (which carries the signature).
 */
export function postForJson(
  gateway: GatewayName,
  url: string,
  body: { json: string } | { form: URLSearchParams },
  options: GatewayHttpOptions = {},
): Promise<Record<string, unknown>> {
  return fetchJson(
    gateway,
    url,
    {
      method: 'POST',
      headers: {
        'content-type': 'json' in body ? 'application/json' : 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'json' in body ? body.json : body.form.toString(),
    },
    options,
  );
}

/**
 * GETs a gateway's query call and returns its JSON answer, failing as {@link postForJson} does;
 * the URL (which may carry a merchant key) never appears in an error.
 */
export function getForJson(
  gateway: GatewayName,
  url: string,
  options: GatewayHttpOptions = {},
): Promise<Record<string, unknown>> {
  return fetchJson(gateway, url, { method: 'GET', headers: { accept: 'application/json' } }, options);
}

async function fetchJson(
  gateway: GatewayName,
  url: string,
  init: RequestInit,
  options: GatewayHttpOptions,
): Promise<Record<string, unknown>> {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? GATEWAY_TIMEOUT_MS;
  let text: string;
  try {
    const response = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
    if (!response.ok) {
      const reason = gatewayMessage(text);
      throw new GatewayError(
        gateway,
        `payment gateway answered HTTP ${response.status}${reason ? `: ${reason}` : ''}`,
      );
    }
  } catch (error) {
    if (error instanceof GatewayError) throw error;
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new GatewayError(
      gateway,
      timedOut
        ? `payment gateway did not answer within ${timeoutMs / 1000} s`
        : 'payment gateway unreachable',
      { cause: error },
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new GatewayError(gateway, 'payment gateway answered something that is not JSON', { cause: error });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new GatewayError(gateway, 'payment gateway answered an unexpected body');
  }
  return parsed as Record<string, unknown>;
}

/** A string field of a gateway answer (numbers accepted as their text); undefined when absent or empty. */
export function readText(data: Record<string, unknown>, key: string): string | undefined {
  const value = data[key];
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** The `message` (epusdt) or `msg` (epay) of an error body, when the gateway explained itself. */
function gatewayMessage(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
    const fields = body as Record<string, unknown>;
    return readText(fields, 'message') ?? readText(fields, 'msg');
  } catch {
    return undefined;
  }
}
