import { describe, expect, it } from 'vitest';
import { resourceRow } from '../../../test/resource-row';
import type { ResourceRow } from '../provisioning/repo';
import { desktopActions, toDesktop } from './view';

function desktop(patch: Partial<ResourceRow> = {}): ResourceRow {
  return resourceRow({
    resourceId: 'dt-abc',
    kind: 'desktop',
    name: 'office-pc',
    instanceId: 'ecd-1',
    spec: {
      officeSiteId: 'os-1',
      desktopType: 'eds.general.2c4g',
      cpu: 2,
      memoryGiB: 4,
      systemDiskGiB: 80,
      bundleId: 'b-general-2c4g',
      imageId: 'img-ubuntu-2204',
      policyId: 'pl-1',
    },
    attributes: { privateIp: '10.1.2.3' },
    ...patch,
  });
}

describe('desktopActions', () => {
  it('offers what a running subscription allows', () => {
    expect(desktopActions(desktop())).toEqual([
      'stop',
      'reboot',
      'rebuild',
      'migrate',
      'disconnect',
      'renew',
      'auto_renew',
      'rename',
      'set_policy',
      'connect',
    ]);
  });

  it('offers start and the configuration change once shut down', () => {
    expect(desktopActions(desktop({ status: 'shutdown' }))).toEqual([
      'start',
      'rebuild',
      'modify_spec',
      'migrate',
      'renew',
      'auto_renew',
      'rename',
      'set_policy',
    ]);
  });

  it('offers no renewal to gifts and pay-as-you-go', () => {
    for (const row of [desktop({ gift: true }), desktop({ billingMethod: 'payg', expiresAt: null })]) {
      expect(desktopActions(row)).not.toContain('renew');
      expect(desktopActions(row)).not.toContain('auto_renew');
    }
  });

  it('offers only renewal while a call is in flight, and nothing before it is made', () => {
    const busy = desktop({ attributes: { _engine_pending: { action: 'stop', token: 't', params: {} } } });
    expect(desktopActions(busy)).toEqual(['renew', 'auto_renew', 'connect']);
    expect(
      desktopActions(desktop({ resourceStatus: 'creating', status: 'pending', instanceId: null })),
    ).toEqual([]);
    expect(desktopActions(desktop({ status: 'expired' }))).toEqual(['renew', 'auto_renew', 'rename']);
  });
});

describe('toDesktop', () => {
  it('fills every field from the row and its network', () => {
    const site = desktop({ kind: 'office_site', resourceId: 'os-1', spec: { bandwidthMbps: 50 } });
    expect(toDesktop(desktop({ spec: { ...desktop().spec, endUser: 'alice' } }), site)).toMatchObject({
      desktop_id: 'dt-abc',
      office_site_id: 'os-1',
      instance_id: 'ecd-1',
      desktop_type: 'eds.general.2c4g',
      cpu: 2,
      memory: 4,
      system_disk: 80,
      bundle_id: 'b-general-2c4g',
      image_id: 'img-ubuntu-2204',
      bandwidth: 50,
      end_user: 'alice',
      policy_id: 'pl-1',
      gift: false,
      private_ip: '10.1.2.3',
      expire_time: '2026-12-02T08:00:00.000Z',
      hourly_price: '0.000',
    });
  });

  it('answers null for what is not known yet', () => {
    const view = toDesktop(
      desktop({ instanceId: null, attributes: {}, spec: { ...desktop().spec, bundleId: null } }),
      undefined,
    );
    expect(view).toMatchObject({
      instance_id: null,
      private_ip: null,
      bandwidth: null,
      bundle_id: null,
      end_user: null,
    });
  });
});
