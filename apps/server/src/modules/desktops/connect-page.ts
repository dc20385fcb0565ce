/**
 * The simulated cloud's connection page: where a connection ticket leads (GET
 * /api/sim/connect?ticket=…). Upstream the Wuying client opens the desktop with the ticket; with
 * the simulated cloud a browser page stands in for it and shows the desktop's live state,
 * refreshing itself (a meta refresh: the CSP allows no inline script). Small, escaped HTML in the
 * caller's language.
 */
import type { Language } from '@cloudbay/contracts';
import { escapeHtml, htmlDocument } from '../../lib/html';

export const CONNECT_PATH = '/sim/connect';
/** Seconds between the page's reloads. */
export const CONNECT_REFRESH_SECONDS = 5;

/** The page a ticket opens, in `language` (the console's, which the browser's may not be). */
export const connectUrl = (ticket: string, language: Language) =>
  `/api${CONNECT_PATH}?${new URLSearchParams({ ticket, lang: language }).toString()}`;

export { escapeHtml };

interface Texts {
  title: string;
  status: string;
  cpu: string;
  memory: string;
  instance: string;
  sessions: string;
  cores: (n: number) => string;
  inUse: (percent: number) => string;
  expires: string;
  note: string;
  failed: string;
}

const TEXTS: Record<Language, Texts> = {
  'zh-CN': {
    title: '云电脑连接',
    status: '状态',
    cpu: 'CPU',
    memory: '内存',
    instance: '实例',
    sessions: '已连接会话',
    cores: (n) => `${n} 核`,
    inUse: (percent) => `使用率 ${percent}%`,
    expires: '连接凭证有效期至',
    note: `模拟云的连接页：真实环境中由无影客户端凭此凭证连接云电脑。本页每 ${CONNECT_REFRESH_SECONDS} 秒刷新一次。`,
    failed: '无法连接',
  },
  'en-US': {
    title: 'Cloud computer connection',
    status: 'Status',
    cpu: 'CPU',
    memory: 'Memory',
    instance: 'Instance',
    sessions: 'Connected sessions',
    cores: (n) => `${n} ${n === 1 ? 'core' : 'cores'}`,
    inUse: (percent) => `${percent}% in use`,
    expires: 'Connection ticket valid until',
    note: `The simulated cloud's connection page: a real cloud computer is opened with this ticket by the Wuying client. This page refreshes every ${CONNECT_REFRESH_SECONDS} seconds.`,
    failed: 'Cannot connect',
  },
};

const STYLE = `
body{margin:0;font:14px/1.6 -apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;background:#f0f2f5;color:#1f1f1f}
main{max-width:480px;margin:48px auto;padding:24px;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{margin:0 0 4px;font-size:20px;word-break:break-all}
.status{display:inline-block;padding:0 8px;border-radius:4px;background:#e6f4ff;color:#2395ff}
.status.running{background:#f6ffed;color:#389e0d}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:20px 0}
dt{color:#8c8c8c}dd{margin:0;word-break:break-all}
p.note{color:#8c8c8c;font-size:12px;margin:0}
@media (max-width:520px){main{margin:0;border-radius:0;min-height:100vh;box-sizing:border-box}}`;

function page(language: Language, title: string, body: string, refresh: boolean): string {
  const refreshSeconds = refresh ? CONNECT_REFRESH_SECONDS : undefined;
  return htmlDocument({ language, title, style: STYLE, body: `<main>${body}</main>`, refreshSeconds });
}

export interface ConnectView {
  language: Language;
  name: string;
  status: string;
  /** The status in the caller's language (dictionary desktop_status). */
  statusLabel: string;
  instanceId: string;
  cpu: number;
  memoryGiB: number;
  /** This minute's use in percent while it runs, else null. */
  usage: { cpu: number; memory: number } | null;
  connectedSessions: number;
  expiresAt: Date;
}

const row = (term: string, value: string) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`;

/** The page of a desktop opened by a valid ticket. */
export function renderConnectPage(view: ConnectView): string {
  const t = TEXTS[view.language];
  const usage = (percent: number | undefined) => (percent === undefined ? '' : ` · ${t.inUse(percent)}`);
  const body = [
    `<h1>${escapeHtml(view.name)}</h1>`,
    `<span class="status ${escapeHtml(view.status)}" data-testid="connect-status">${escapeHtml(view.statusLabel)}</span>`,
    '<dl>',
    row(t.cpu, `${t.cores(view.cpu)}${usage(view.usage?.cpu)}`),
    row(t.memory, `${view.memoryGiB} GiB${usage(view.usage?.memory)}`),
    row(t.sessions, String(view.connectedSessions)),
    row(t.instance, view.instanceId),
    row(t.expires, view.expiresAt.toISOString()),
    '</dl>',
    `<p class="note">${escapeHtml(t.note)}</p>`,
  ].join('');
  return page(view.language, `${view.name} · ${t.title}`, body, true);
}

/** The page of a ticket that opens nothing; `message` is the translated CONNECTION_TICKET_INVALID. */
export function renderConnectError(language: Language, message: string): string {
  const t = TEXTS[language];
  return page(language, t.title, `<h1>${escapeHtml(t.failed)}</h1><p>${escapeHtml(message)}</p>`, false);
}
