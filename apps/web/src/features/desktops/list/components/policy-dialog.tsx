import { useState } from 'react';
import { App, Button, Descriptions, Flex, Select, Skeleton, Tag } from 'antd';
import type { Desktop, Policy } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useAssignPolicy, usePolicies } from '../../api/desktops-policy';
import { DesktopDialog, DialogTargets } from './desktop-dialog';

/** What the policy lets the desktop's user carry across the connection. */
function PolicyRights({ policy }: { policy: Policy }) {
  const { t } = useTranslation('desktops');
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      items={[
        {
          key: 'clipboard',
          label: t('list.policy.clipboard'),
          children: t(`list.policy.clipboardMode.${policy.clipboard}`),
        },
        {
          key: 'drive',
          label: t('list.policy.localDrive'),
          children: t(`list.policy.driveMode.${policy.local_drive}`),
        },
        {
          key: 'usb',
          label: t('list.policy.usb'),
          children: t(policy.usb_redirect ? 'list.policy.on' : 'list.policy.off'),
        },
      ]}
      data-testid="desktop-policy-rights"
    />
  );
}

/** Give the desktop another policy (PUT /user/policy/{policy_id}/desktops). */
export function PolicyDialog({ desktop, onClose }: { desktop: Desktop; onClose: () => void }) {
  const { t } = useTranslation('desktops');
  const { message } = App.useApp();
  const policies = usePolicies();
  const [chosen, setChosen] = useState<string | undefined>(desktop.policy_id ?? undefined);
  const assign = useAssignPolicy();
  const policy = policies.data?.find((candidate) => candidate.policy_id === chosen);

  const submit = () => {
    if (!chosen) return;
    assign.mutate(
      { policyId: chosen, desktopIds: [desktop.desktop_id] },
      {
        onSuccess: (result) => {
          // A 200 answers per desktop: this one may still have refused the policy.
          const [row] = result.results;
          if (row && !row.ok) {
            void message.error(
              t('list.result.oneFailed', { action: t('list.action.policy'), reason: row.message ?? '' }),
            );
            return;
          }
          void message.success(t('list.policy.done'));
          onClose();
        },
      },
    );
  };

  const footer = (
    <Flex justify="end" gap="small">
      <Button onClick={onClose}>{t('list.dialog.cancel')}</Button>
      <Button
        type="primary"
        onClick={submit}
        loading={assign.isPending}
        disabled={!chosen || chosen === desktop.policy_id}
        data-testid="desktop-policy-submit"
      >
        {t('list.policy.submit')}
      </Button>
    </Flex>
  );

  return (
    <DesktopDialog
      open
      title={t('list.policy.title')}
      onClose={onClose}
      footer={footer}
      testId="desktop-policy"
    >
      <DialogTargets desktops={[desktop]} />
      {policies.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <>
          <Select
            value={chosen}
            placeholder={t('list.policy.placeholder')}
            aria-label={t('list.policy.placeholder')}
            onChange={setChosen}
            data-testid="desktop-policy-select"
            options={(policies.data ?? []).map((candidate) => ({
              value: candidate.policy_id,
              label: (
                <Flex gap={6} align="center">
                  <span>{candidate.name}</span>
                  {candidate.is_default ? (
                    <Tag variant="filled" style={{ marginInlineEnd: 0 }}>
                      {t('list.policy.default')}
                    </Tag>
                  ) : null}
                  {candidate.policy_id === desktop.policy_id ? (
                    <Tag color="blue" variant="filled" style={{ marginInlineEnd: 0 }}>
                      {t('list.policy.current')}
                    </Tag>
                  ) : null}
                </Flex>
              ),
            }))}
          />
          {policy ? <PolicyRights policy={policy} /> : null}
        </>
      )}
    </DesktopDialog>
  );
}
