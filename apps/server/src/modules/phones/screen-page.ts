/**
 * The simulated cloud's phone screen page: where a phone connection ticket leads. Upstream the ACP
 * SDK streams the phone's screen; with the simulated cloud this page shows the phone in a frame
 * (the sim's drawing of its screen, in its resolution and orientation) with its state, and Back,
 * Home and Rotate buttons (plain forms: the CSP allows no inline script) that press the keys on
 * the phone through the cloud. It refreshes itself every few seconds. Escaped HTML in the
 * console's language.
 */
import type { Language, PhoneStatus } from '@cloudbay/contracts';
import { escapeHtml, htmlDocument } from '../../lib/html';
import type { PhoneOrientation } from '../../providers/cloud/types';
import { SCREEN_APPS } from '../../providers/cloud/sim/phone-screen';
import { appLabel } from '../../providers/cloud/sim/phone-screenshot';

/** Where a ticket is redeemed (public, simulated cloud only); it then redirects to the screen. */
export const PHONE_SCREEN_PATH = '/sim/phone/screen';
/** The screen of one phone, for the session cookie the redemption set (scoped to this path). */
export const phoneScreenPath = (instanceId: string) => `/sim/phone/${instanceId}/screen`;
export const PHONE_SCREEN_REFRESH_SECONDS = 5;

/** The page a ticket opens, in `language`. */
export const phoneScreenUrl = (ticket: string, language: Language) =>
  `/api${PHONE_SCREEN_PATH}?${new URLSearchParams({ ticket, lang: language }).toString()}`;

interface Texts {
  title: string;
  statuses: Record<PhoneStatus | 'failed', string>;
  orientations: Record<PhoneOrientation, string>;
  back: string;
  home: string;
  rotate: string;
  apps: string;
  model: string;
  resolution: string;
  orientation: string;
  instance: string;
  unknownModel: string;
  sessionUntil: string;
  note: string;
  failed: string;
}

const TEXTS: Record<Language, Texts> = {
  'zh-CN': {
    title: '云手机',
    statuses: {
      creating: '创建中',
      starting: '启动中',
      running: '运行中',
      stopping: '关机中',
      stopped: '已关机',
      rebooting: '重启中',
      resetting: '重置中',
      deleted: '已释放',
      failed: '创建失败',
    },
    orientations: { portrait: '竖屏', landscape: '横屏' },
    back: '返回',
    home: '主屏幕',
    rotate: '旋转',
    apps: '打开应用',
    model: '型号',
    resolution: '分辨率',
    orientation: '方向',
    instance: '实例',
    unknownModel: '未设置',
    sessionUntil: '本次连接有效期至',
    note: `模拟云的云手机画面：真实环境中通过 ACP 串流连接。本页每 ${PHONE_SCREEN_REFRESH_SECONDS} 秒刷新一次。`,
    failed: '无法连接',
  },
  'en-US': {
    title: 'Cloud phone',
    statuses: {
      creating: 'Creating',
      starting: 'Starting',
      running: 'Running',
      stopping: 'Stopping',
      stopped: 'Stopped',
      rebooting: 'Restarting',
      resetting: 'Resetting',
      deleted: 'Released',
      failed: 'Creation failed',
    },
    orientations: { portrait: 'Portrait', landscape: 'Landscape' },
    back: 'Back',
    home: 'Home',
    rotate: 'Rotate',
    apps: 'Open an app',
    model: 'Model',
    resolution: 'Resolution',
    orientation: 'Orientation',
    instance: 'Instance',
    unknownModel: 'Not set',
    sessionUntil: 'Connection valid until',
    note: `The simulated cloud's phone screen: a real phone is streamed over ACP. This page refreshes every ${PHONE_SCREEN_REFRESH_SECONDS} seconds.`,
    failed: 'Cannot connect',
  },
};

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.6 -apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;background:#1f2329;color:#e8e8e8}
main{display:flex;flex-wrap:wrap;gap:24px;justify-content:center;align-items:flex-start;padding:24px}
.device{background:#0b0c0e;border-radius:28px;padding:14px;box-shadow:0 8px 28px rgba(0,0,0,.5);border:1px solid #3a3f47}
.device svg{display:block;max-width:min(88vw,720px);max-height:72vh;width:auto;height:auto;border-radius:14px}
.keys{display:flex;gap:8px;justify-content:center;margin-top:12px}
.keys form,.apps form{margin:0}
button{font:inherit;cursor:pointer;border:1px solid #4a505a;background:#2b3038;color:#fff;border-radius:6px;padding:4px 14px}
button:hover{border-color:#2395ff;color:#69b1ff}
aside{width:300px;max-width:100%}
h1{margin:0 0 4px;font-size:20px;color:#fff;word-break:break-all}
.status{display:inline-block;padding:0 8px;border-radius:4px;background:#113a5c;color:#69b1ff}
.status.running{background:#1d3b12;color:#95de64}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:16px 0}
dt{color:#8c8c8c}dd{margin:0;word-break:break-all}
.apps{display:flex;flex-wrap:wrap;gap:6px;margin:8px 0 16px}
.apps button{padding:2px 10px;font-size:12px}
p.note{color:#8c8c8c;font-size:12px;margin:0}
.error{max-width:480px;margin:48px auto;padding:24px;background:#2b3038;border-radius:8px}`;

function page(language: Language, title: string, body: string, refresh: boolean): string {
  const refreshSeconds = refresh ? PHONE_SCREEN_REFRESH_SECONDS : undefined;
  return htmlDocument({ language, title, style: STYLE, body, refreshSeconds });
}

export interface PhoneScreenPage {
  language: Language;
  name: string;
  status: string;
  instanceId: string;
  brand: string | null;
  model: string | null;
  resolution: string;
  orientation: PhoneOrientation;
  /** The sim's SVG drawing of the screen now. */
  screen: string;
  /** Where the key forms post (the screen path, with the language). */
  action: string;
  sessionExpiresAt: Date;
}

const row = (term: string, value: string, testId = '') =>
  `<dt>${escapeHtml(term)}</dt><dd${testId ? ` data-testid="${testId}"` : ''}>${escapeHtml(value)}</dd>`;

/** A button that posts one key press (and the app it opens) to the screen. */
function keyForm(action: string, label: string, key: string, app?: string) {
  const appField = app ? `<input type="hidden" name="app" value="${escapeHtml(app)}">` : '';
  return [
    `<form method="post" action="${escapeHtml(action)}">`,
    `<input type="hidden" name="key" value="${key}">${appField}`,
    `<button type="submit" data-testid="phone-key-${escapeHtml(app ?? key)}">${escapeHtml(label)}</button></form>`,
  ].join('');
}

/** The screen of a phone opened through a ticket's session. */
export function renderPhoneScreenPage(view: PhoneScreenPage): string {
  const t = TEXTS[view.language];
  const statusLabel = t.statuses[view.status as PhoneStatus] ?? view.status;
  const running = view.status === 'running';
  const device = [view.brand, view.model].filter(Boolean).join(' ') || t.unknownModel;
  const keys = running
    ? `<div class="keys">${keyForm(view.action, `◁ ${t.back}`, 'back')}${keyForm(view.action, `○ ${t.home}`, 'home')}${keyForm(view.action, `⟳ ${t.rotate}`, 'rotate')}</div>`
    : '';
  const apps = running
    ? `<p>${escapeHtml(t.apps)}</p><div class="apps">${SCREEN_APPS.map((app) => keyForm(view.action, appLabel(app, view.language), 'open', app)).join('')}</div>`
    : '';
  const body = [
    '<main>',
    `<section><div class="device" data-testid="phone-screen" data-orientation="${view.orientation}">${view.screen}</div>${keys}</section>`,
    '<aside>',
    `<h1 data-testid="phone-screen-name">${escapeHtml(view.name)}</h1>`,
    `<span class="status ${escapeHtml(view.status)}" data-testid="phone-screen-status">${escapeHtml(statusLabel)}</span>`,
    '<dl>',
    row(t.model, device),
    row(t.resolution, view.resolution),
    row(t.orientation, t.orientations[view.orientation], 'phone-screen-orientation'),
    row(t.instance, view.instanceId),
    row(t.sessionUntil, view.sessionExpiresAt.toISOString()),
    '</dl>',
    apps,
    `<p class="note">${escapeHtml(t.note)}</p>`,
    '</aside></main>',
  ].join('');
  return page(view.language, `${view.name} · ${t.title}`, body, true);
}

/** The page of a ticket or session that opens nothing; `message` is the translated CONNECTION_TICKET_INVALID. */
export function renderPhoneScreenError(language: Language, message: string): string {
  const t = TEXTS[language];
  const body = `<div class="error" data-testid="phone-screen-error"><h1>${escapeHtml(t.failed)}</h1><p>${escapeHtml(message)}</p></div>`;
  return page(language, t.title, body, false);
}

/** The status shown over a dark screen when the phone is not running, or null when it is. */
export function offLabelOf(language: Language, status: string): string | null {
  return status === 'running' ? null : (TEXTS[language].statuses[status as PhoneStatus] ?? status);
}
