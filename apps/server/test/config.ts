import { loadConfig, type Config } from '../src/config/env';

/** The configuration tests run with: quiet logs, captcha checked (tests solve it from the store). */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...overrides });
}
