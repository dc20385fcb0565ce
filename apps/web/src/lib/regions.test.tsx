import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { Region } from '@cloudbay/contracts';
import { fakeApi } from '../test/fake-api';
import { bindFakeFeedback } from '../test/fake-feedback';
import { i18n } from './i18n';
import { areaList, phRegions, regionName, scheduleAreaListLoad, usePhRegions } from './regions';

vi.mock('./request', (original) => import('../test/fake-api').then((m) => m.withFakeApi(original)));

const hongKong: Region = {
  id: 1,
  wy_region_id: 'cn-hongkong',
  name: '中国香港',
  name_zh: '中国香港',
  name_en: 'Hong Kong',
};
const tokyo: Region = { id: 2, wy_region_id: 'ap-tokyo', name: '东京', name_zh: '东京', name_en: 'Tokyo' };

async function flush() {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

describe('regions', () => {
  let fake: ReturnType<typeof bindFakeFeedback>;
  beforeEach(() => {
    areaList.reset();
    phRegions.reset();
    fake = bindFakeFeedback();
  });
  afterEach(() => {
    fake.unbind();
    vi.useRealTimers();
  });

  it('loads the area list 2 s after start-up and stores it as areaList', async () => {
    vi.useFakeTimers();
    fakeApi.ok('GET', '/describe_regions', [hongKong, tokyo]);
    scheduleAreaListLoad();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fakeApi.requests('GET', '/describe_regions')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    vi.useRealTimers();
    await flush();
    expect(fakeApi.requests('GET', '/describe_regions')).toHaveLength(1);
    expect(JSON.parse(window.localStorage.getItem('areaList') ?? 'null')).toEqual([hongKong, tokyo]);
    expect(areaList.get()).toEqual([hongKong, tokyo]);
  });

  it('fails silently and tries again on the next start', async () => {
    vi.useFakeTimers();
    fakeApi.fail('GET', '/describe_regions', 503, 'unavailable');
    scheduleAreaListLoad();
    await vi.advanceTimersByTimeAsync(2_000);
    vi.useRealTimers();
    await flush();
    expect(window.localStorage.getItem('areaList')).toBeNull();
    expect(fake.toast).not.toHaveBeenCalled();
    expect(fake.notify).not.toHaveBeenCalled();

    areaList.reset();
    fakeApi.ok('GET', '/describe_regions', [tokyo]);
    await areaList.refresh();
    expect(areaList.get()).toEqual([tokyo]);
  });

  it('can be cancelled before it runs', async () => {
    vi.useFakeTimers();
    const cancel = scheduleAreaListLoad();
    cancel();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fakeApi.requests('GET', '/describe_regions')).toHaveLength(0);
  });

  it('shows the stored phone regions at once and the fresh ones when they arrive', async () => {
    window.localStorage.setItem('phRegions', JSON.stringify([hongKong]));
    fakeApi.ok('GET', '/ph/regions', [hongKong, tokyo]);
    function Names() {
      return <p data-testid="names">{usePhRegions().map(regionName).join(',')}</p>;
    }
    render(<Names />);
    expect(screen.getByTestId('names').textContent).toBe('中国香港');
    await act(flush);
    expect(screen.getByTestId('names').textContent).toBe('中国香港,东京');
    expect(JSON.parse(window.localStorage.getItem('phRegions') ?? 'null')).toHaveLength(2);
  });

  it('names a region in the page language', async () => {
    expect(regionName(tokyo)).toBe('东京');
    await i18n.changeLanguage('en-US');
    expect(regionName(tokyo)).toBe('Tokyo');
  });
});
