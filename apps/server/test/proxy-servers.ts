/**
 * Tiny proxies on 127.0.0.1 for the own-proxy check's tests and journeys (nothing here reaches
 * the internet): a SOCKS5 server (RFC 1928 greeting, RFC 1929 username/password, CONNECT answered
 * with success without connecting anywhere) and an HTTP CONNECT proxy (407 without the right
 * `Proxy-Authorization`). `silent` accepts connections and never answers (the check's timeout).
 */
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export interface TestProxy {
  port: number;
  /** Connections accepted so far (the address guard must keep this at 0). */
  connections: () => number;
  /** CONNECT targets asked for, `host:port`. */
  targets: string[];
  close: () => Promise<void>;
}

export interface TestProxyOptions {
  username: string;
  password: string;
  silent?: boolean;
}

function listen(
  server: Server,
  sockets: Set<Socket>,
  targets: string[],
  counter: { n: number },
): Promise<TestProxy> {
  server.on('connection', (socket) => {
    counter.n += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        port: (server.address() as AddressInfo).port,
        connections: () => counter.n,
        targets,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

/** Collects bytes until `take` can consume a message, then hands the rest on. */
function framed(socket: Socket, handle: (buffer: Buffer) => number) {
  let buffer = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const used = handle(buffer);
      if (used <= 0) return;
      buffer = buffer.subarray(used);
    }
  });
}

export function startSocks5Proxy(options: TestProxyOptions): Promise<TestProxy> {
  const targets: string[] = [];
  const server = createServer((socket) => {
    if (options.silent) return;
    let stage: 'greeting' | 'auth' | 'request' | 'done' = 'greeting';
    framed(socket, (data) => {
      if (stage === 'greeting') {
        if (data.length < 2 || data.length < 2 + data[1]!) return 0;
        const methods = [...data.subarray(2, 2 + data[1]!)];
        if (!methods.includes(2)) {
          socket.end(Buffer.from([5, 0xff]));
          stage = 'done';
          return data.length;
        }
        socket.write(Buffer.from([5, 2]));
        stage = 'auth';
        return 2 + data[1]!;
      }
      if (stage === 'auth') {
        if (data.length < 2) return 0;
        const userLength = data[1]!;
        if (data.length < 3 + userLength) return 0;
        const passLength = data[2 + userLength]!;
        const size = 3 + userLength + passLength;
        if (data.length < size) return 0;
        const user = data.subarray(2, 2 + userLength).toString('utf8');
        const pass = data.subarray(3 + userLength, size).toString('utf8');
        if (user !== options.username || pass !== options.password) {
          socket.end(Buffer.from([1, 1]));
          stage = 'done';
          return data.length;
        }
        socket.write(Buffer.from([1, 0]));
        stage = 'request';
        return size;
      }
      if (stage === 'request') {
        if (data.length < 5) return 0;
        const type = data[3];
        const hostLength = type === 1 ? 4 : type === 4 ? 16 : 1 + data[4]!;
        const size = 4 + hostLength + 2;
        if (data.length < size) return 0;
        const host = type === 3 ? data.subarray(5, 5 + data[4]!).toString('ascii') : 'address';
        targets.push(`${host}:${data.readUInt16BE(4 + hostLength)}`);
        // Success, bound to 0.0.0.0:0; nothing is connected (no network in tests).
        socket.end(Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]));
        stage = 'done';
        return size;
      }
      return data.length;
    });
  });
  return listen(server, new Set(), targets, { n: 0 });
}

export function startHttpConnectProxy(options: TestProxyOptions): Promise<TestProxy> {
  const targets: string[] = [];
  const expected = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
  const server = createServer((socket) => {
    if (options.silent) return;
    framed(socket, (data) => {
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return 0;
      const [requestLine = '', ...headers] = data.subarray(0, end).toString('latin1').split('\r\n');
      const authorization = headers
        .find((line) => line.toLowerCase().startsWith('proxy-authorization:'))
        ?.slice('proxy-authorization:'.length)
        .trim();
      const [method, target] = requestLine.split(' ');
      if (method !== 'CONNECT') socket.end('HTTP/1.1 405 Method Not Allowed\r\n\r\n');
      else if (authorization !== expected) {
        socket.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\n\r\n');
      } else {
        targets.push(target ?? '');
        socket.end('HTTP/1.1 200 Connection Established\r\n\r\n');
      }
      return end + 4;
    });
  });
  return listen(server, new Set(), targets, { n: 0 });
}
