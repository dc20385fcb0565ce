import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { DictEntry } from '@cloudbay/contracts';
import { fakeApi } from '../test/fake-api';
import { bindFakeFeedback } from '../test/fake-feedback';
import { clearDicts, dictLabel, getDict, peekDict, removeDict, useDict } from './dict-cache';

vi.mock('./request', (original) => import('../test/fake-api').then((m) => m.withFakeApi(original)));

function entry(dictType: string, dictValue: string, dictLabel: string, listClass = 'default'): DictEntry {
  return { dictType, dictValue, dictLabel, listClass, cssClass: '', dictSort: 0 };
}

const statusEntries = [
  entry('sys_normal_disable', '0', '正常', 'primary'),
  entry('sys_normal_disable', '1', '停用', 'danger'),
];
const STATUS_PATH = '/system/dict/data/type/sys_normal_disable';

describe('dictionary cache', () => {
  beforeEach(() => {
    clearDicts();
    fakeApi.ok('GET', STATUS_PATH, statusEntries);
  });

  it('fetches a type on first use and maps its entries', async () => {
    await expect(getDict('sys_normal_disable')).resolves.toEqual([
      { label: '正常', value: '0', elTagType: 'primary', elTagClass: '' },
      { label: '停用', value: '1', elTagType: 'danger', elTagClass: '' },
    ]);
    expect(fakeApi.requests('GET', STATUS_PATH)).toHaveLength(1);
  });

  it('answers later uses from memory', async () => {
    await getDict('sys_normal_disable');
    await getDict('sys_normal_disable');
    expect(fakeApi.requests('GET', STATUS_PATH)).toHaveLength(1);
  });

  it('shares one request between concurrent first uses', async () => {
    const [first, second] = await Promise.all([getDict('sys_normal_disable'), getDict('sys_normal_disable')]);
    expect(first).toBe(second);
    expect(fakeApi.requests('GET', STATUS_PATH)).toHaveLength(1);
  });

  it('fetches again after the type was removed, and only that type', async () => {
    fakeApi.ok('GET', '/system/dict/data/type/sys_yes_no', [entry('sys_yes_no', 'Y', '是')]);
    await getDict('sys_normal_disable');
    await getDict('sys_yes_no');
    removeDict('sys_normal_disable');
    expect(peekDict('sys_normal_disable')).toBeUndefined();
    expect(peekDict('sys_yes_no')).toHaveLength(1);
    await getDict('sys_normal_disable');
    expect(fakeApi.requests('GET', STATUS_PATH)).toHaveLength(2);
  });

  it('fetches every type again after a clear', async () => {
    await getDict('sys_normal_disable');
    clearDicts();
    expect(peekDict('sys_normal_disable')).toBeUndefined();
    await getDict('sys_normal_disable');
    expect(fakeApi.requests('GET', STATUS_PATH)).toHaveLength(2);
  });

  it('does not remember a failure', async () => {
    const fake = bindFakeFeedback();
    fakeApi.fail('GET', STATUS_PATH, 500, 'boom');
    await expect(getDict('sys_normal_disable')).rejects.toThrow('boom');
    fakeApi.ok('GET', STATUS_PATH, statusEntries);
    await expect(getDict('sys_normal_disable')).resolves.toHaveLength(2);
    fake.unbind();
  });

  it('labels one value or several, leaving unknown values as they are', async () => {
    const options = await getDict('sys_normal_disable');
    expect(dictLabel(options, '1')).toBe('停用');
    expect(dictLabel(options, '0,1,9')).toBe('正常,停用,9');
    expect(dictLabel(options, [1])).toBe('停用');
    expect(dictLabel(options, null)).toBe('');
  });
});

describe('useDict', () => {
  beforeEach(() => {
    clearDicts();
    fakeApi.ok('GET', STATUS_PATH, statusEntries);
    fakeApi.ok('GET', '/system/dict/data/type/sys_yes_no', [entry('sys_yes_no', 'Y', '是')]);
  });

  function Probe() {
    const dict = useDict('sys_normal_disable', 'sys_yes_no');
    return (
      <p data-testid="labels">
        {dict.sys_normal_disable.map((o) => o.label).join('|')}/
        {dict.sys_yes_no.map((o) => o.label).join('|')}
      </p>
    );
  }

  it('loads the types it names and re-renders when they arrive or go', async () => {
    render(
      <>
        <Probe />
        <Probe />
      </>,
    );
    await waitFor(() => expect(screen.getAllByTestId('labels')[0]?.textContent).toBe('正常|停用/是'));
    expect(fakeApi.requests('GET', STATUS_PATH)).toHaveLength(1);
    act(() => removeDict('sys_yes_no'));
    expect(screen.getAllByTestId('labels')[1]?.textContent).toBe('正常|停用/');
  });
});
