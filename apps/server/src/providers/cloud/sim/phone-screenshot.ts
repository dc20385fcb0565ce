/**
 * The simulated phone's screen drawn as SVG: the screenshot the console's wall shows and the
 * picture on the phone screen page. Drawn from the phone's state (home or the app in front, which
 * way it is held, its name and model) and the time, with a wallpaper drawn from its instance id,
 * so thumbnails of different phones differ and each one changes as time passes and keys are
 * pressed. Every text is escaped.
 */
import type { Language } from '@cloudbay/contracts';
import { escapeHtml } from '../../../lib/html';
import type { PhoneAttributes, PhoneOrientation } from '../types';
import { seedOf, intBetween } from './prng';
import { SCREEN_APPS, openAppsOf, orientationOf, type ScreenApp } from './phone-screen';

export interface PhoneScreenView {
  instanceId: string;
  name: string;
  /** Shown over a dark screen when the phone is not running (its status in the caller's language). */
  offLabel: string | null;
  /** `<width>x<height>` in pixels, as held upright. */
  resolution: string;
  orientation: PhoneOrientation;
  brand: string | null;
  model: string | null;
  openApps: readonly string[];
  language: Language;
  now: Date;
}

const APP_LABELS: Record<Language, Record<ScreenApp, string>> = {
  'zh-CN': {
    settings: '设置',
    browser: '浏览器',
    files: '文件',
    camera: '相机',
    gallery: '相册',
    messages: '信息',
  },
  'en-US': {
    settings: 'Settings',
    browser: 'Browser',
    files: 'Files',
    camera: 'Camera',
    gallery: 'Gallery',
    messages: 'Messages',
  },
};

const APP_COLORS: Record<ScreenApp, string> = {
  settings: '#5b6b7f',
  browser: '#2f7cf6',
  files: '#f0a020',
  camera: '#3a3a3c',
  gallery: '#e0457b',
  messages: '#2fb760',
};

const ABOUT: Record<Language, { title: string; name: string; model: string; resolution: string }> = {
  'zh-CN': { title: '关于手机', name: '设备名称', model: '型号', resolution: '分辨率' },
  'en-US': { title: 'About phone', name: 'Device name', model: 'Model', resolution: 'Resolution' },
};

const escapeXml = escapeHtml;

export const appLabel = (app: string, language: Language) => APP_LABELS[language][app as ScreenApp] ?? app;

/** Logical width of the drawing (upright); its height follows the resolution. */
const UPRIGHT_WIDTH = 360;

/** The drawing's size in logical units: upright from the resolution, swapped when landscape. */
export function screenSize(resolution: string, orientation: PhoneOrientation) {
  const [w, h] = resolution.split('x').map(Number);
  const ratio = w && h ? h / w : 16 / 9;
  const upright = { width: UPRIGHT_WIDTH, height: Math.round(UPRIGHT_WIDTH * ratio) };
  return orientation === 'landscape' ? { width: upright.height, height: upright.width } : upright;
}

/** Clock and date on the phone, in China time like the rest of the simulated cloud. */
function phoneTime(now: Date, language: Language) {
  const china = new Date(now.getTime() + 8 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(china.getUTCHours())}:${pad(china.getUTCMinutes())}`;
  const date =
    language === 'zh-CN'
      ? `${china.getUTCMonth() + 1}月${china.getUTCDate()}日`
      : china.toISOString().slice(0, 10);
  return { time, date };
}

function text(x: number, y: number, size: number, fill: string, value: string, extra = '') {
  return `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}"${extra}>${escapeXml(value)}</text>`;
}

function homeScreen(
  view: PhoneScreenView,
  width: number,
  height: number,
  clock: { time: string; date: string },
) {
  const middle = ' text-anchor="middle"';
  const device = [view.brand, view.model].filter(Boolean).join(' ');
  const parts = [
    text(width / 2, height * 0.2, 56, '#fff', clock.time, `${middle} font-weight="300"`),
    text(width / 2, height * 0.2 + 28, 16, '#fff', clock.date, middle),
    text(width / 2, height * 0.2 + 56, 15, '#fff', view.name, `${middle} font-weight="600"`),
  ];
  if (device) parts.push(text(width / 2, height * 0.2 + 78, 13, 'rgba(255,255,255,.85)', device, middle));
  // Icons in rows of up to four, from 55 % of the height down.
  const columns = 4;
  const cell = Math.min(width / columns, 84);
  const left = (width - cell * columns) / 2;
  SCREEN_APPS.forEach((app, index) => {
    const x = left + (index % columns) * cell + (cell - 48) / 2;
    const y = height * 0.55 + Math.floor(index / columns) * (cell + 8);
    parts.push(
      `<rect x="${x}" y="${y}" width="48" height="48" rx="12" fill="${APP_COLORS[app]}"/>`,
      text(x + 24, y + 31, 18, '#fff', appLabel(app, view.language).slice(0, 1), middle),
      text(x + 24, y + 64, 11, '#fff', appLabel(app, view.language), middle),
    );
  });
  return parts.join('');
}

function appScreen(view: PhoneScreenView, app: string, width: number, height: number) {
  const color = APP_COLORS[app as ScreenApp] ?? '#5b6b7f';
  const parts = [
    `<rect x="0" y="24" width="${width}" height="${height - 24}" fill="#fff"/>`,
    `<rect x="0" y="24" width="${width}" height="52" fill="${color}"/>`,
    text(16, 57, 18, '#fff', appLabel(app, view.language), ' font-weight="600"'),
  ];
  if (app === 'settings') {
    const about = ABOUT[view.language];
    const rows: [string, string][] = [
      [about.name, view.name],
      [about.model, [view.brand, view.model].filter(Boolean).join(' ') || '—'],
      [about.resolution, view.resolution],
    ];
    parts.push(text(16, 108, 15, '#1f1f1f', about.title, ' font-weight="600"'));
    rows.forEach(([label, value], index) => {
      const y = 140 + index * 46;
      parts.push(text(16, y, 12, '#8c8c8c', label), text(16, y + 20, 14, '#1f1f1f', value));
    });
    return parts.join('');
  }
  // Other apps: placeholder content lines, their lengths drawn from the phone and the app.
  const seed = seedOf(`${view.instanceId}:${app}`);
  for (let line = 0; line * 34 + 100 < height - 60; line += 1) {
    const lineWidth = intBetween(seed, line, 30, 90);
    parts.push(
      `<rect x="16" y="${100 + line * 34}" width="${((width - 32) * lineWidth) / 100}" height="12" rx="6" fill="#e8e8e8"/>`,
    );
  }
  return parts.join('');
}

/** The phone's screen now as a standalone SVG document. */
export function renderPhoneScreen(view: PhoneScreenView): string {
  const { width, height } = screenSize(view.resolution, view.orientation);
  const seed = seedOf(view.instanceId);
  const hue = intBetween(seed, 1, 0, 359);
  const clock = phoneTime(view.now, view.language);
  const minute = Math.floor(view.now.getTime() / 60_000);
  const battery = intBetween(seed, minute, 35, 100);
  const front = view.openApps.at(-1);
  let body: string;
  if (view.offLabel !== null) {
    body = [
      `<rect width="${width}" height="${height}" fill="#111"/>`,
      text(width / 2, height / 2, 18, '#bbb', view.offLabel, ' text-anchor="middle"'),
      text(width / 2, height / 2 + 26, 13, '#777', view.name, ' text-anchor="middle"'),
    ].join('');
  } else {
    body = [
      `<defs><linearGradient id="wallpaper" x1="0" y1="0" x2="1" y2="1">`,
      `<stop offset="0" stop-color="hsl(${hue},70%,45%)"/>`,
      `<stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,30%)"/></linearGradient></defs>`,
      `<rect width="${width}" height="${height}" fill="url(#wallpaper)"/>`,
      front ? appScreen(view, front, width, height) : homeScreen(view, width, height, clock),
      // Status bar, then the navigation bar (back, home, recent).
      `<rect width="${width}" height="24" fill="rgba(0,0,0,.25)"/>`,
      text(12, 17, 12, '#fff', clock.time),
      text(width - 12, 17, 12, '#fff', `${battery}%`, ' text-anchor="end"'),
      `<rect y="${height - 36}" width="${width}" height="36" fill="rgba(0,0,0,.35)"/>`,
      `<path d="M${width / 2 - 74} ${height - 18} l10 -7 v14 z" fill="#fff"/>`,
      `<circle cx="${width / 2}" cy="${height - 18}" r="7" fill="none" stroke="#fff" stroke-width="2"/>`,
      `<rect x="${width / 2 + 64}" y="${height - 25}" width="14" height="14" rx="2" fill="none" stroke="#fff" stroke-width="2"/>`,
    ].join('');
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"`,
    ` font-family="-apple-system,'Segoe UI','PingFang SC','Microsoft YaHei',sans-serif"`,
    ` data-orientation="${view.orientation}" role="img" aria-label="${escapeXml(view.name)}">`,
    body,
    '</svg>',
  ].join('');
}

const textOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The view of a simulated phone's row: its screen state from the attributes (device identity when
 * the cloud has given it one). `offLabel` null draws the running screen.
 */
export function screenViewOf(
  row: { instanceId: string; attributes: Record<string, unknown> },
  options: { language: Language; now: Date; offLabel: string | null },
): PhoneScreenView {
  const attributes = row.attributes as Partial<PhoneAttributes> & Record<string, unknown>;
  return {
    instanceId: row.instanceId,
    name: textOf(attributes.name) ?? row.instanceId,
    resolution: textOf(attributes.resolution) ?? '720x1280',
    orientation: orientationOf(attributes),
    brand: textOf(attributes.brand),
    model: textOf(attributes.model),
    openApps: openAppsOf(attributes),
    ...options,
  };
}
