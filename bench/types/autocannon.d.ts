// The part of autocannon 9's JS API the benches use (the package ships no types and
// @types/autocannon is not a dependency).
declare module 'autocannon' {
  /** One request of a connection's cycle; `setupRequest` may change it before each send. */
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request) => Request;
    /** Called with each answer to this request. */
    onResponse?: (status: number, body: string) => void;
  }

  export interface Options {
    url: string;
    requests?: Request[];
    connections?: number;
    /** Seconds. */
    duration?: number;
    warmup?: { connections?: number; duration?: number };
  }

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  export interface Result {
    url: string;
    connections: number;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    /** Milliseconds. */
    latency: Histogram;
    /** Per second; `total` is the number of completed requests. */
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }

  export default function autocannon(options: Options): Promise<Result>;
}
