import { describe, expect, it } from 'vitest';
import { redirectPathFor, redirectTarget } from './redirect';

const target = (path: string) => redirectTarget(new URL(path, 'http://console.test'));

describe('/redirect', () => {
  it('leads back to the path it carries, with its query', () => {
    expect(redirectPathFor('/cloud/cloudLis?page=2')).toBe('/redirect/cloud/cloudLis?page=2');
    expect(target('/redirect/cloud/cloudLis?page=2')).toBe('/cloud/cloudLis?page=2');
    expect(target('/redirect')).toBe('/');
  });

  it('stays on this site whatever it carries', () => {
    expect(target('/redirect//evil.example/x')).toBe('/evil.example/x');
    expect(target('/redirect/https://evil.example')).toBe('/https://evil.example');
  });
});
