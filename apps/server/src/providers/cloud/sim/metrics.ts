/**
 * The simulated cloud's usage numbers, computed (never stored) from an instance's seed and the
 * minute: the same instance and minute always give the same value, in every process. Usage follows
 * a day in China (quiet at 04:00, busiest in the afternoon), scaled per instance, with noise per
 * minute. Traffic per minute is the unit everything else adds up from, so a window's traffic is
 * the sum of its parts and the bandwidth curve matches the traffic bill.
 */
import type { DesktopProcess } from '../types';
import { intBetween, mix, seedOf, unit } from './prng';

export const MINUTE_MS = 60_000;
const CHINA_OFFSET_HOURS = 8;

const SALT = { scale: 1, cpu: 2, memory: 3, disk: 4, traffic: 5, direction: 6, processes: 7 } as const;

/** The minute number of a time (minutes since the epoch). */
export const minuteOf = (at: Date | number): number => Math.floor(+at / MINUTE_MS);

/** 0.2 at 04:00 China time, 1 at 16:00: how busy people are at this minute. */
export function dailyActivity(minute: number): number {
  const hour = (((minute / 60 + CHINA_OFFSET_HOURS) % 24) + 24) % 24;
  return 0.2 + 0.8 * (0.5 - 0.5 * Math.cos((2 * Math.PI * (hour - 4)) / 24));
}

/** How heavily this instance is used, 0.5–1.5, fixed for its life. */
const instanceScale = (seed: number): number => 0.5 + unit(seed, SALT.scale);

/** Minute-to-minute jitter, 0.75–1.25. */
const jitter = (seed: number, salt: number, minute: number): number =>
  0.75 + 0.5 * unit(mix(seed, salt), minute);

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export type PercentMetric = 'cpu' | 'memory' | 'disk';

/** CPU, memory or disk use in percent at a minute. */
export function percentAt(seed: number, metric: PercentMetric, minute: number): number {
  const activity = dailyActivity(minute) * instanceScale(seed);
  switch (metric) {
    case 'cpu':
      return oneDecimal(clamp(3 + 60 * activity * jitter(seed, SALT.cpu, minute), 1, 100));
    case 'memory':
      return oneDecimal(clamp(30 + 35 * activity * jitter(seed, SALT.memory, minute), 5, 98));
    case 'disk':
      // Disks fill slowly and barely move minute to minute.
      return oneDecimal(20 + 40 * unit(seed, SALT.disk) + 0.5 * jitter(seed, SALT.disk, minute));
  }
}

/** Bytes moved in one minute by a line of `capMbps`; outbound is the larger direction. */
export function trafficAt(
  seed: number,
  capMbps: number,
  minute: number,
): { inBytes: number; outBytes: number } {
  // Lines rarely run near their cap: at the busiest minute of the busiest instance ~45% of it.
  const bitsPerSecond =
    capMbps *
    1_000_000 *
    0.3 *
    dailyActivity(minute) *
    instanceScale(seed) *
    jitter(seed, SALT.traffic, minute);
  const outBytes = Math.floor((bitsPerSecond * 60) / 8);
  const inShare = 0.15 + 0.25 * unit(mix(seed, SALT.direction), minute);
  return { inBytes: Math.floor(outBytes * inShare), outBytes };
}

/** Traffic over whole minutes [fromMinute, toMinute). */
export function trafficBetween(seed: number, capMbps: number, fromMinute: number, toMinute: number) {
  let inBytes = 0;
  let outBytes = 0;
  for (let minute = fromMinute; minute < toMinute; minute += 1) {
    const moved = trafficAt(seed, capMbps, minute);
    inBytes += moved.inBytes;
    outBytes += moved.outBytes;
  }
  return { inBytes, outBytes };
}

const SYSTEM_PROCESSES = [
  'System',
  'csrss.exe',
  'winlogon.exe',
  'services.exe',
  'lsass.exe',
  'svchost.exe',
  'dwm.exe',
];
const USER_PROCESSES = ['explorer.exe', 'RuntimeBroker.exe', 'SearchHost.exe'];
const APPS = [
  'chrome.exe',
  'msedge.exe',
  'WeChat.exe',
  'Telegram.exe',
  'EXCEL.EXE',
  'WINWORD.EXE',
  'Code.exe',
  'steam.exe',
  'obs64.exe',
  'QQ.exe',
];

/** The processes of a running desktop at a minute: the system's, the shell's and a few apps of this instance. */
export function processesAt(seed: number, minute: number, user: string): DesktopProcess[] {
  const appSeed = mix(seed, SALT.processes);
  const apps = APPS.filter((_, index) => unit(appSeed, index) < 0.35);
  const entries = [
    ...SYSTEM_PROCESSES.map((name) => ({ name, user: 'SYSTEM', heavy: false })),
    ...USER_PROCESSES.map((name) => ({ name, user, heavy: false })),
    ...apps.map((name) => ({ name, user, heavy: true })),
  ];
  const activity = dailyActivity(minute) * instanceScale(seed);
  return entries.map(({ name, user: owner, heavy }, index) => {
    const nameSeed = mix(seed, seedOf(name));
    return {
      // PIDs are multiples of 4 on Windows and stay put for the instance's life.
      pid: name === 'System' ? 4 : intBetween(nameSeed, 0, 100, 16_000) * 4,
      name,
      user: owner,
      cpuPercent: oneDecimal((heavy ? 12 : 0.8) * activity * unit(nameSeed, minute + index)),
      memoryMiB: Math.round(
        (heavy ? 180 : 12) * (1 + 2 * unit(nameSeed, 1)) * jitter(nameSeed, SALT.memory, minute),
      ),
    };
  });
}

/** A private address in 10.0.0.0/8, stable for the instance. */
export function privateIpOf(seed: number): string {
  return `10.${intBetween(seed, 11, 0, 255)}.${intBetween(seed, 12, 0, 255)}.${intBetween(seed, 13, 2, 254)}`;
}

/** A public address in 47.96.0.0/11 (where Alibaba Cloud's Chinese regions hand them out), stable for the instance. */
export function publicIpOf(seed: number): string {
  return `47.${intBetween(seed, 21, 96, 127)}.${intBetween(seed, 22, 0, 255)}.${intBetween(seed, 23, 1, 254)}`;
}
