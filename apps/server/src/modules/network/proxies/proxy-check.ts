/**
 * The own-proxy connectivity check (issue 19): really connects to the proxy and authenticates,
 * then asks it to CONNECT to a well-known host, within one timeout for the whole exchange:
 * SOCKS5 (RFC 1928) with username/password authentication (RFC 1929), or HTTP CONNECT with
 * `Proxy-Authorization: Basic`. The latency is the time from opening the TCP connection to the
 * proxy's answer to the CONNECT.
 *
 * Server-side request forgery guard: the host is resolved first and every address it resolves to
 * must be public (no loopback, private, link-local, CGNAT, multicast or cloud metadata address);
 * the socket then connects to the checked address itself, so a second DNS answer cannot swap it.
 * `allowPrivate` (config PROXY_CHECK_ALLOW_PRIVATE, refused in production) relaxes this for tests.
 */
import { BlockList, isIP, Socket } from 'node:net';
import { lookup } from 'node:dns/promises';
import type { ProxyCheckFailure, ProxyProtocol } from '@cloudbay/contracts';

export interface ProxyEndpoint {
  protocol: ProxyProtocol;
  host: string;
  port: number;
  username: string;
  password: string;
}

export interface CheckOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  /** Where the proxy is asked to CONNECT (host, port). */
  target?: { host: string; port: number };
}

export type CheckOutcome =
  { ok: true; latencyMs: number } | { ok: false; failure: ProxyCheckFailure; latencyMs: null };

/** A host every proxy in service can reach; only the CONNECT is asked, nothing is sent through. */
export const CHECK_TARGET = { host: 'connectivitycheck.gstatic.com', port: 80 };

const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** Whether the check may connect to `address` (an IP literal) with the guard on. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // An IPv4 address mapped into IPv6 is judged as the IPv4 one.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1]!);
    return !BLOCKED.check(address, 'ipv6');
  }
  return !BLOCKED.check(address, 'ipv4');
}

class CheckFailed extends Error {
  constructor(readonly failure: ProxyCheckFailure) {
    super(failure);
  }
}

/** The addresses `host` stands for (itself when it is an IP literal); every one checked by the guard. */
async function resolveGuarded(host: string, allowPrivate: boolean): Promise<string> {
  const literal = host.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(literal) !== 0) addresses = [literal];
  else {
    try {
      addresses = (await lookup(literal, { all: true, verbatim: true })).map((entry) => entry.address);
    } catch {
      throw new CheckFailed('host_unresolved');
    }
  }
  if (addresses.length === 0) throw new CheckFailed('host_unresolved');
  if (!allowPrivate && !addresses.every(isPublicAddress)) throw new CheckFailed('address_refused');
  return addresses[0]!;
}

/** Reads from the socket until `enough` says the buffer holds a whole answer. */
function reader(socket: Socket) {
  let buffer = Buffer.alloc(0);
  let waiting: { enough: (data: Buffer) => number; resolve: (data: Buffer) => void } | undefined;
  let failed: Error | undefined;
  const deliver = () => {
    if (!waiting) return;
    const size = waiting.enough(buffer);
    if (size <= 0) return;
    const { resolve } = waiting;
    waiting = undefined;
    const answer = buffer.subarray(0, size);
    buffer = buffer.subarray(size);
    resolve(answer);
  };
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    deliver();
  });
  const close = (error: Error) => {
    failed = error;
  };
  socket.on('end', () => close(new CheckFailed('protocol_error')));
  socket.on('error', () => close(new CheckFailed('unreachable')));
  return (enough: (data: Buffer) => number): Promise<Buffer> =>
    new Promise((resolve, reject) => {
      waiting = { enough, resolve };
      deliver();
      if (waiting && failed) reject(failed);
      socket.once('close', () => {
        if (waiting) reject(failed ?? new CheckFailed('protocol_error'));
      });
    });
}

const fixed = (size: number) => (data: Buffer) => (data.length >= size ? size : 0);

/** The length of a SOCKS5 reply (its bound address varies in size), or 0 while incomplete. */
function socksReplyLength(data: Buffer): number {
  if (data.length < 5) return 0;
  const type = data[3];
  const addressLength = type === 1 ? 4 : type === 4 ? 16 : type === 3 ? 1 + data[4]! : -1;
  if (addressLength < 0) return data.length;
  const size = 4 + addressLength + 2;
  return data.length >= size ? size : 0;
}

async function socks5(
  socket: Socket,
  read: ReturnType<typeof reader>,
  proxy: ProxyEndpoint,
  target: { host: string; port: number },
) {
  const withAuth = proxy.username !== '' || proxy.password !== '';
  // Greeting: version 5, the methods offered (0x02 username/password, or 0x00 none).
  socket.write(Buffer.from(withAuth ? [5, 1, 2] : [5, 1, 0]));
  const choice = await read(fixed(2));
  if (choice[0] !== 5) throw new CheckFailed('protocol_error');
  if (choice[1] === 0xff) throw new CheckFailed('auth_failed');
  if (choice[1] === 2) {
    const user = Buffer.from(proxy.username, 'utf8');
    const pass = Buffer.from(proxy.password, 'utf8');
    if (user.length > 255 || pass.length > 255) throw new CheckFailed('auth_failed');
    // RFC 1929: version 1, ULEN, UNAME, PLEN, PASSWD.
    socket.write(Buffer.concat([Buffer.from([1, user.length]), user, Buffer.from([pass.length]), pass]));
    const status = await read(fixed(2));
    if (status[1] !== 0) throw new CheckFailed('auth_failed');
  } else if (choice[1] !== 0) throw new CheckFailed('protocol_error');
  const host = Buffer.from(target.host, 'ascii');
  const port = Buffer.alloc(2);
  port.writeUInt16BE(target.port);
  // CONNECT to a domain name (address type 3).
  socket.write(Buffer.concat([Buffer.from([5, 1, 0, 3, host.length]), host, port]));
  const reply = await read(socksReplyLength);
  if (reply[0] !== 5) throw new CheckFailed('protocol_error');
  if (reply[1] !== 0) throw new CheckFailed('connect_rejected');
}

async function httpConnect(
  socket: Socket,
  read: ReturnType<typeof reader>,
  proxy: ProxyEndpoint,
  target: { host: string; port: number },
) {
  const authority = `${target.host}:${target.port}`;
  const credentials =
    proxy.username !== '' || proxy.password !== ''
      ? `Proxy-Authorization: Basic ${Buffer.from(`${proxy.username}:${proxy.password}`).toString('base64')}\r\n`
      : '';
  socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${credentials}\r\n`);
  const head = await read((data) => {
    const end = data.indexOf('\r\n\r\n');
    return end < 0 ? (data.length > 16_384 ? data.length : 0) : end + 4;
  });
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(head.toString('latin1'));
  if (!status) throw new CheckFailed('protocol_error');
  const code = Number(status[1]);
  if (code === 407) throw new CheckFailed('auth_failed');
  if (code < 200 || code > 299) throw new CheckFailed('connect_rejected');
}

/** Checks one proxy (see the file's header); never throws. */
export async function checkProxy(proxy: ProxyEndpoint, options: CheckOptions): Promise<CheckOutcome> {
  const socket = new Socket();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckFailed('timeout')), options.timeoutMs);
  });
  try {
    const run = async () => {
      const address = await resolveGuarded(proxy.host, options.allowPrivate);
      const read = reader(socket);
      const started = performance.now();
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('error', () => reject(new CheckFailed('unreachable')));
        socket.connect({ host: address, port: proxy.port });
      });
      const target = options.target ?? CHECK_TARGET;
      if (proxy.protocol === 'socks5') await socks5(socket, read, proxy, target);
      else await httpConnect(socket, read, proxy, target);
      return Math.max(1, Math.round(performance.now() - started));
    };
    const running = run();
    // Whichever loses the race must not surface as an unhandled rejection.
    running.catch(() => undefined);
    timeout.catch(() => undefined);
    const latencyMs = await Promise.race([running, timeout]);
    return { ok: true, latencyMs };
  } catch (error) {
    const failure = error instanceof CheckFailed ? error.failure : 'unreachable';
    return { ok: false, failure, latencyMs: null };
  } finally {
    clearTimeout(timer);
    socket.destroy();
  }
}
