/**
 * The simulated phone's shell (`adb shell` / eds-aic RunCommand): a handful of commands answered
 * the way Android's toybox and mksh answer them, from the phone's attributes, so what the console
 * shows is what a real phone would print. One simple command, optionally piped into `grep`;
 * anything else is "not found" with exit code 127, like mksh.
 */
import type { CommandResult, PhoneAttributes } from '../types';
import { intBetween } from './prng';
import { sdkLevelOf } from './android-versions';

export interface ShellContext {
  instanceId: string;
  attributes: PhoneAttributes;
  /** Seed of the instance id (serial number, load figures). */
  seed: number;
  now: Date;
  /** When the phone last started running. */
  bootedAt: Date;
}

const NOT_FOUND_EXIT = 127;
const SHELL = '/system/bin/sh';

/** Splits a command line into words: spaces separate, single and double quotes group. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let current = '';
  let quote: string | null = null;
  let inWord = false;
  for (const char of line) {
    if (quote !== null) {
      if (char === quote) quote = null;
      else current += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
    } else {
      current += char;
      inWord = true;
    }
  }
  if (inWord) words.push(current);
  return words;
}

/** Screen density by the screen's width, as phones of that width usually ship. */
function densityOf(resolution: string): number {
  const width = Number(resolution.split('x')[0]);
  if (width >= 1440) return 560;
  if (width >= 1080) return 440;
  return width >= 720 ? 320 : 240;
}

/** The system properties of the phone, as `getprop` lists them (sorted by name). */
export function phoneProperties(context: ShellContext): Map<string, string> {
  const { attributes, seed } = context;
  const codeName = attributes.model.toLowerCase().replace(/[^a-z0-9]+/g, '');
  const release = attributes.androidVersion;
  const sdk = String(sdkLevelOf(release));
  const buildId = `TQ3A.${230805 + intBetween(seed, 81, 0, 300)}.001`;
  const serial = context.instanceId.replace(/^acp-/, '').slice(0, 12).toUpperCase();
  const props: [string, string][] = [
    ['dalvik.vm.heapsize', '512m'],
    ['net.hostname', `localhost-${serial.toLowerCase()}`],
    ['persist.sys.language', 'zh'],
    ['persist.sys.timezone', 'Asia/Shanghai'],
    ['ro.boot.serialno', serial],
    ['ro.build.display.id', buildId],
    [
      'ro.build.fingerprint',
      `${attributes.brand}/${codeName}/${codeName}:${release}/${buildId}/${intBetween(seed, 82, 1_000_000, 9_999_999)}:user/release-keys`,
    ],
    ['ro.build.type', 'user'],
    ['ro.build.version.release', release],
    ['ro.build.version.sdk', sdk],
    ['ro.product.brand', attributes.brand],
    ['ro.product.cpu.abi', 'arm64-v8a'],
    ['ro.product.device', codeName],
    ['ro.product.manufacturer', attributes.brand],
    ['ro.product.model', attributes.model],
    ['ro.product.name', codeName],
    ['ro.serialno', serial],
    ['ro.sf.lcd_density', String(densityOf(attributes.resolution))],
    ['sys.boot_completed', '1'],
  ];
  return new Map(props.sort(([a], [b]) => a.localeCompare(b)));
}

/** The packages of a fresh image, then the installed apps (their ids are package names upstream). */
const SYSTEM_PACKAGES = [
  'android',
  'com.android.bluetooth',
  'com.android.chrome',
  'com.android.contacts',
  'com.android.dialer',
  'com.android.inputmethod.latin',
  'com.android.launcher3',
  'com.android.messaging',
  'com.android.phone',
  'com.android.providers.contacts',
  'com.android.settings',
  'com.android.shell',
  'com.android.systemui',
  'com.google.android.webview',
];

function getprop(args: string[], context: ShellContext): CommandResult {
  const props = phoneProperties(context);
  if (args.length === 0) {
    return { output: [...props].map(([name, value]) => `[${name}]: [${value}]`).join('\n'), exitCode: 0 };
  }
  // An unknown property prints an empty line, as on Android (or the default when one is given).
  return { output: props.get(args[0]!) ?? args[1] ?? '', exitCode: 0 };
}

function pm(args: string[], context: ShellContext): CommandResult {
  if (args[0] !== 'list' || args[1] !== 'packages') {
    return { output: `Unknown command: ${args.join(' ') || '(none)'}`, exitCode: 1 };
  }
  const options = args.slice(2).filter((arg) => arg.startsWith('-'));
  const filter = args.slice(2).find((arg) => !arg.startsWith('-'));
  const thirdParty = options.includes('-3');
  const system = options.includes('-s');
  const packages = [
    ...(thirdParty ? [] : SYSTEM_PACKAGES),
    ...(system ? [] : context.attributes.apps),
  ].filter((name) => filter === undefined || name.includes(filter));
  return { output: packages.map((name) => `package:${name}`).join('\n'), exitCode: 0 };
}

const DIRECTORIES: Record<string, string[]> = {
  '/': [
    'acct',
    'apex',
    'bin',
    'config',
    'data',
    'dev',
    'etc',
    'mnt',
    'proc',
    'product',
    'sdcard',
    'storage',
    'sys',
    'system',
    'vendor',
  ],
  '/sdcard': [
    'Alarms',
    'Android',
    'DCIM',
    'Documents',
    'Download',
    'Movies',
    'Music',
    'Notifications',
    'Pictures',
    'Podcasts',
    'Ringtones',
  ],
  '/system': [
    'apex',
    'app',
    'bin',
    'build.prop',
    'etc',
    'fonts',
    'framework',
    'lib',
    'lib64',
    'priv-app',
    'usr',
    'xbin',
  ],
  '/storage': ['emulated', 'self'],
  '/storage/emulated': ['0'],
  '/mnt': ['sdcard', 'user'],
  '/sdcard/DCIM': ['Camera'],
  '/sdcard/Android': ['data', 'media', 'obb'],
};
/** Directories the shell user may not list. */
const DENIED = new Set(['/data', '/proc/1', '/config']);
const EMPTY_DIRECTORIES = new Set([
  '/sdcard/Download',
  '/sdcard/Documents',
  '/sdcard/Pictures',
  '/sdcard/DCIM/Camera',
  '/sdcard/Movies',
  '/sdcard/Music',
]);

/** `/sdcard/` and `/storage/emulated/0` are the same place. */
function normalisePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed
    .replace(/^\/storage\/emulated\/0(?=\/|$)/, '/sdcard')
    .replace(/^\/storage\/self\/primary(?=\/|$)/, '/sdcard');
}

function ls(args: string[]): CommandResult {
  const paths = args.filter((arg) => !arg.startsWith('-'));
  const targets = paths.length === 0 ? ['/'] : paths;
  const lines: string[] = [];
  let exitCode = 0;
  for (const target of targets) {
    const path = normalisePath(target.startsWith('/') ? target : `/${target}`);
    const entries = DIRECTORIES[path] ?? (EMPTY_DIRECTORIES.has(path) ? [] : undefined);
    if (targets.length > 1 && entries) lines.push(`${target}:`);
    if (DENIED.has(path)) {
      lines.push(`ls: ${target}: Permission denied`);
      exitCode = 1;
    } else if (entries === undefined) {
      lines.push(`ls: ${target}: No such file or directory`);
      exitCode = 1;
    } else {
      lines.push(...entries);
    }
  }
  return { output: lines.join('\n'), exitCode };
}

function df(args: string[], context: ShellContext): CommandResult {
  const human = args.includes('-h');
  const diskKiB = context.attributes.diskGiB * 1024 * 1024;
  const usedPercent = intBetween(context.seed, 91, 8, 35);
  const usedKiB = Math.round((diskKiB * usedPercent) / 100);
  const size = (kib: number) => (human ? `${(kib / 1024 / 1024).toFixed(1)}G` : String(kib));
  const rows: [string, number, number, string][] = [
    ['/dev/block/dm-0', 3_145_728, 3_098_112, '/'],
    ['tmpfs', 2_019_012, 1_124, '/dev'],
    ['/dev/block/dm-48', diskKiB, usedKiB, '/data'],
    ['/dev/fuse', diskKiB, usedKiB, '/storage/emulated'],
  ];
  const header = `Filesystem${' '.repeat(8)}${human ? 'Size  Used Avail' : '1K-blocks    Used Available'} Use% Mounted on`;
  const lines = rows.map(([fs, total, used, mount]) => {
    const percent = `${Math.round((used / total) * 100)}%`;
    return [
      fs.padEnd(17),
      size(total).padStart(human ? 4 : 9),
      size(used).padStart(human ? 5 : 8),
      size(total - used).padStart(human ? 5 : 9),
      percent.padStart(4),
      mount,
    ].join(' ');
  });
  return { output: [header, ...lines].join('\n'), exitCode: 0 };
}

const two = (n: number) => String(n).padStart(2, '0');

function uptime(context: ShellContext): CommandResult {
  // Shanghai time, as the phone's timezone says.
  const local = new Date(context.now.getTime() + 8 * 3_600_000);
  const clock = `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}`;
  const minutes = Math.max(0, Math.floor((context.now.getTime() - context.bootedAt.getTime()) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const since = `${days > 0 ? `${days} day${days === 1 ? '' : 's'}, ` : ''}${hours > 0 ? `${String(hours).padStart(2)}:${two(minutes % 60)}` : `${minutes % 60} min`}`;
  const load = [92, 93, 94].map((n) => (intBetween(context.seed, n, 5, 180) / 100).toFixed(2));
  return { output: ` ${clock} up ${since},  0 users,  load average: ${load.join(', ')}`, exitCode: 0 };
}

type Command = (args: string[], context: ShellContext) => CommandResult;

/** The commands the simulated phone knows, by name. */
const COMMANDS: Partial<Record<string, Command>> = {
  getprop,
  pm,
  ls: (args) => ls(args),
  df,
  uptime: (_args, context) => uptime(context),
  echo: (args) => ({ output: args.join(' '), exitCode: 0 }),
  whoami: () => ({ output: 'shell', exitCode: 0 }),
  wm: (args, context) =>
    args[0] === 'size'
      ? { output: `Physical size: ${context.attributes.resolution}`, exitCode: 0 }
      : { output: `Unknown command: ${args.join(' ')}`, exitCode: 1 },
};

/** What mksh answers for a command it cannot find. */
const notFound = (name: string): CommandResult => ({
  output: `${SHELL}: ${name}: inaccessible or not found`,
  exitCode: NOT_FOUND_EXIT,
});

/** Runs one command; `| grep <text>` after it filters its lines. */
export function runShellCommand(line: string, context: ShellContext): CommandResult {
  const [commandPart, ...pipes] = line.split('|');
  const words = shellWords(commandPart!);
  const [name, ...args] = words;
  if (name === undefined) return { output: '', exitCode: 0 };
  const command = COMMANDS[name];
  if (!command) return notFound(name);
  let result = command(args, context);
  for (const pipe of pipes) {
    const [filter, ...pattern] = shellWords(pipe);
    if (filter !== 'grep' || pattern.length === 0) {
      return notFound(filter ?? '');
    }
    const needle = pattern.join(' ');
    const kept = result.output.split('\n').filter((text) => text.includes(needle));
    // grep exits 1 when nothing matched.
    result = { output: kept.join('\n'), exitCode: kept.length > 0 ? 0 : 1 };
  }
  return result;
}
