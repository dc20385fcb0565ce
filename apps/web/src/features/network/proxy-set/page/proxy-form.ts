/**
 * The /proxySet form's values and the contract's list: one configuration per card, rule domains as
 * one line each. Checking goes through the contract's zod schema (the server's own), and its
 * faults are mapped onto the card fields they concern.
 */
import type { ProxyConfig, ProxySetBody } from '@cloudbay/contracts';
import { proxySetBody } from '@cloudbay/contracts/proxy-set';
import type { ProxyRuleMode, ProxyType } from '@cloudbay/contracts/core';

export interface ProxyConfigFields {
  enabled: boolean;
  type: ProxyType;
  ip: string;
  tcp_port: number | null;
  udp_port: number | null;
  username: string;
  password: string;
  rule_mode: ProxyRuleMode;
  /** One rule domain per line. */
  domains: string;
}

export interface ProxyFormValues {
  configs: ProxyConfigFields[];
}

export const NEW_CONFIG: ProxyConfigFields = {
  enabled: true,
  type: 'socks5',
  ip: '',
  tcp_port: 1080,
  udp_port: null,
  username: '',
  password: '',
  rule_mode: 'blacklist',
  domains: '',
};

export function fieldsOf(config: ProxyConfig): ProxyConfigFields {
  const { rules, ...rest } = config;
  return { ...rest, rule_mode: rules.mode, domains: rules.domains.join('\n') };
}

/** The form's list as the contract takes it (blank lines dropped, text trimmed). */
export function bodyOf(values: ProxyFormValues): unknown {
  return {
    configs: (values.configs ?? []).map(({ rule_mode, domains, ...rest }) => ({
      ...rest,
      ip: rest.ip?.trim() ?? '',
      rules: {
        mode: rule_mode,
        domains: (domains ?? '')
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean),
      },
    })),
  };
}

/** A fault of the list: the form field it belongs to (none: the list as a whole) and its error code. */
export type ProxyFieldPath = ['configs', number, keyof ProxyConfigFields];
export interface ProxyFault {
  field?: ProxyFieldPath;
  code: string;
}

const CARD_FIELD: Record<string, keyof ProxyConfigFields> = {
  enabled: 'enabled',
  type: 'type',
  ip: 'ip',
  tcp_port: 'tcp_port',
  udp_port: 'udp_port',
  username: 'username',
  password: 'password',
};

/** Where a schema issue's path points in the form: `configs.i.rules.domains.j` is the card's domain lines. */
function fieldOf(path: readonly PropertyKey[]): ProxyFieldPath | undefined {
  const [list, index, key, sub] = path;
  if (list !== 'configs' || typeof index !== 'number' || typeof key !== 'string') return undefined;
  if (key === 'rules') return ['configs', index, sub === 'mode' ? 'rule_mode' : 'domains'];
  const field = CARD_FIELD[key];
  return field ? ['configs', index, field] : undefined;
}

/** The list checked by the contract: the body to send, or its faults. */
export function checkProxySet(input: unknown): { body: ProxySetBody } | { faults: ProxyFault[] } {
  const parsed = proxySetBody.safeParse(input);
  if (parsed.success) return { body: parsed.data };
  return {
    faults: parsed.error.issues.map((issue) => ({
      field: fieldOf(issue.path),
      // The contract's messages are error codes; zod's own (a wrong type) are worded generically.
      code: /^[A-Z_]+$/.test(issue.message) ? issue.message : 'INVALID',
    })),
  };
}
