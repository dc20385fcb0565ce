import { useState } from 'react';
import type { LoginLog } from '@cloudbay/contracts';
import { App, Button, Flex, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../components/access-guards';
import { PageHeading } from '../../../../components/page-heading';
import { RecordList } from '../../../../components/record-list';
import { useAccess } from '../../../../lib/access';
import { useListFilter } from '../../../../lib/use-list-filter';
import { useExportLoginLogs, useLoginLogs, useUnlockLogin } from '../api/logs-api';
import { LogListEmpty } from '../components/log-list-empty';
import { LogRemoveActions } from '../components/log-remove-actions';
import { LoginLogSearchForm } from '../components/log-search-forms';
import { LogStatusTag } from '../components/log-status-tag';
import { toLoginLogFilter, type LoginLogFilterQuery } from '../log-filter';
import { timeColumn } from '../../../system/shared/admin-list';

/** The reason code in words; a code this page does not know yet shows as itself. */
function useReason() {
  const { t } = useTranslation('monitorLogs');
  return (log: LoginLog) =>
    log.status === 'success'
      ? t('reason.success')
      : t(`reason.${log.reason}`, { defaultValue: log.reason ?? '' });
}

function useColumns(): TableColumnsType<LoginLog> {
  const { t } = useTranslation('monitorLogs');
  const reason = useReason();
  return [
    { key: 'id', title: t('column.accessId'), dataIndex: 'id' },
    { key: 'email', title: t('column.email'), dataIndex: 'email' },
    { key: 'ip', title: t('column.ip'), dataIndex: 'ip' },
    { key: 'browser', title: t('column.browser'), render: (_, log) => log.browser ?? '—' },
    { key: 'os', title: t('column.os'), render: (_, log) => log.os ?? '—' },
    { key: 'status', title: t('column.status'), render: (_, log) => <LogStatusTag status={log.status} /> },
    { key: 'reason', title: t('column.reason'), render: (_, log) => reason(log) },
    timeColumn('time', t('column.loginTime'), (log) => log.created_at, { seconds: true }),
  ];
}

/** /monitor/logininfor (RuoYi's 登录日志): every login attempt; unlock an e-mail, export, clean. */
export function LoginLogPage() {
  const { t } = useTranslation('monitorLogs');
  const { message } = App.useApp();
  const { hasPermi } = useAccess();
  const list = useListFilter<LoginLogFilterQuery>();
  const logs = useLoginLogs(list.query);
  const [selected, setSelected] = useState<LoginLog[]>([]);
  const exporter = useExportLoginLogs();
  const unlock = useUnlockLogin();
  const canSelect = hasPermi('monitor:logininfor:remove') || hasPermi('monitor:logininfor:unlock');
  // RuoYi unlocks the one account ticked.
  const unlockEmail = selected.length === 1 ? selected[0]!.email : undefined;

  return (
    <Flex vertical gap="large" data-testid="page-logininfor">
      <PageHeading title={t('logininfor.title')} subtitle={t('logininfor.subtitle')} />
      <RecordList
        search={
          <LoginLogSearchForm
            onSearch={(values) => list.applyFilter(toLoginLogFilter(values))}
            onReset={() => list.applyFilter({})}
          />
        }
        query={logs}
        list={list}
        columns={useColumns()}
        rowKey="id"
        rowSelection={
          canSelect
            ? { selectedRowKeys: selected.map((log) => log.id), onChange: (_keys, rows) => setSelected(rows) }
            : undefined
        }
        actions={
          <>
            <LogRemoveActions
              kind="logininfor"
              permission="monitor:logininfor:remove"
              selected={selected.map((log) => log.id)}
              onRemoved={() => setSelected([])}
            />
            <HasPermi value={['monitor:logininfor:unlock']}>
              <Button
                disabled={!unlockEmail}
                loading={unlock.isPending}
                onClick={() =>
                  unlockEmail &&
                  unlock
                    .mutateAsync(unlockEmail)
                    .then(() => void message.success(t('logininfor.unlocked', { email: unlockEmail })))
                    .catch(() => undefined)
                }
                data-testid="logininfor-unlock"
              >
                {t('logininfor.unlock')}
              </Button>
            </HasPermi>
          </>
        }
        exporter={hasPermi('monitor:logininfor:export') ? exporter : undefined}
        emptyText={
          <LogListEmpty
            failed={logs.isError}
            filter={list.filter}
            onRetry={() => void logs.refetch()}
            testIdPrefix="logininfor"
          />
        }
        tableTestId="logininfor-table"
        exportTestId="logininfor-export"
        initiallyHiddenColumns={['id']}
      />
    </Flex>
  );
}
