import { describe, expect, it } from 'vitest';
import type { PhoneAttributes } from '../types';
import { runShellCommand, shellWords, type ShellContext } from './phone-shell';
import { androidVersionOf } from './android-versions';

const NOW = new Date('2026-11-26T02:00:00Z');

function context(attributes: Partial<PhoneAttributes> = {}): ShellContext {
  return {
    instanceId: 'acp-abcdefghijklmnopq',
    seed: 42,
    now: NOW,
    bootedAt: new Date(NOW.getTime() - (2 * 1440 + 3 * 60 + 4) * 60_000),
    attributes: {
      name: 'p',
      specId: 's',
      imageId: 'ph-img-android13',
      cpu: 2,
      memoryGiB: 4,
      diskGiB: 32,
      resolution: '1080x2400',
      keyPairId: null,
      networkId: null,
      chargeType: 'subscription',
      expiresAt: null,
      privateIp: '10.0.0.2',
      adbEnabled: false,
      adbEndpoint: null,
      apps: ['com.example.shop'],
      brand: 'google',
      model: 'Pixel 7',
      orientation: 'portrait',
      featureLevel: '33',
      imei: '356938035643809',
      androidId: '9774d56d682e549c',
      simCountry: 'CN',
      androidVersion: '13',
      contactCount: 0,
      ...attributes,
    },
  };
}

describe('the simulated phone shell', () => {
  it('answers getprop with the phone identity, one property or all of them', () => {
    expect(runShellCommand('getprop ro.product.model', context())).toEqual({
      output: 'Pixel 7',
      exitCode: 0,
    });
    expect(runShellCommand('getprop ro.build.version.release', context()).output).toBe('13');
    expect(runShellCommand('getprop ro.build.version.sdk', context()).output).toBe('33');
    expect(runShellCommand("getprop 'ro.product.brand'", context({ brand: 'samsung' })).output).toBe(
      'samsung',
    );
    // An unknown property prints an empty line and succeeds, as on Android.
    expect(runShellCommand('getprop no.such.prop', context())).toEqual({ output: '', exitCode: 0 });
    const all = runShellCommand('getprop', context()).output.split('\n');
    expect(all).toContain('[ro.product.model]: [Pixel 7]');
    expect(all).toContain('[ro.product.manufacturer]: [google]');
    expect(all).toContain('[ro.sf.lcd_density]: [440]');
    expect([...all].sort()).toEqual(all);
  });

  it('lists packages, system and installed, with -3 and a filter', () => {
    const all = runShellCommand('pm list packages', context()).output.split('\n');
    expect(all).toContain('package:com.android.settings');
    expect(all).toContain('package:com.example.shop');
    expect(runShellCommand('pm list packages -3', context()).output).toBe('package:com.example.shop');
    expect(runShellCommand('pm list packages settings', context()).output).toBe(
      'package:com.android.settings',
    );
  });

  it('lists directories, refuses /data and unknown paths', () => {
    expect(runShellCommand('ls /sdcard', context()).output.split('\n')).toContain('Download');
    expect(runShellCommand('ls /storage/emulated/0/', context()).output).toBe(
      runShellCommand('ls /sdcard', context()).output,
    );
    expect(runShellCommand('ls /data', context())).toEqual({
      output: 'ls: /data: Permission denied',
      exitCode: 1,
    });
    expect(runShellCommand('ls /nope', context())).toEqual({
      output: 'ls: /nope: No such file or directory',
      exitCode: 1,
    });
  });

  it('reports the disk it was bought with, the uptime, and filters through grep', () => {
    const df = runShellCommand('df -h', context()).output;
    expect(df).toMatch(/^Filesystem\s+Size\s+Used\s+Avail Use% Mounted on/);
    expect(df).toMatch(/\/dev\/block\/dm-48\s+32\.0G .* \/data$/m);
    expect(runShellCommand('uptime', context()).output).toMatch(
      /^ 10:00:00 up 2 days,\s+3:04,\s+0 users,\s+load average: \d\.\d\d, \d\.\d\d, \d\.\d\d$/,
    );
    expect(runShellCommand('getprop | grep ro.product.model', context())).toEqual({
      output: '[ro.product.model]: [Pixel 7]',
      exitCode: 0,
    });
    expect(runShellCommand('getprop | grep nothing-matches', context()).exitCode).toBe(1);
  });

  it('answers an unknown command like mksh, with exit code 127', () => {
    expect(runShellCommand('reboot-now -f', context())).toEqual({
      output: '/system/bin/sh: reboot-now: inaccessible or not found',
      exitCode: 127,
    });
  });

  it('splits words on spaces and keeps quoted groups', () => {
    expect(shellWords(`echo "a  b" 'c d' e`)).toEqual(['echo', 'a  b', 'c d', 'e']);
  });
});

describe('the image', () => {
  it('names the Android version', () => {
    expect(androidVersionOf('ph-img-android14')).toBe('14');
    expect(androidVersionOf('custom-image')).toBe('12');
  });
});
