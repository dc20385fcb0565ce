import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Flex, Form, Modal, Select, theme } from 'antd';
import type { Desktop, Policy } from '@cloudbay/contracts';
import { MAX_BATCH_DESKTOPS } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { BatchFailures, type BatchFailure } from '../../../components/batch-failures';
import { useAssignPolicy } from '../api/assign-policy';
import { useDesktopChoices } from '../api/list-desktops';

/** How long typing rests before the server is asked for matching names. */
const SEARCH_DELAY_MS = 300;
/** The states a desktop can change policy in (PUT /user/policy/{policy_id}/desktops). */
const ASSIGNABLE_STATUSES: readonly Desktop['status'][] = ['running', 'shutdown'];

export interface AssignDialogProps {
  /** The policy to assign. Mounted per opening, so each starts with nothing chosen. */
  policy: Policy;
  onClose: () => void;
}

/** Why a desktop cannot be chosen, or undefined when it can. */
function refusalOf(desktop: Desktop, policy: Policy): 'current' | 'unavailable' | undefined {
  if (desktop.policy_id === policy.policy_id) return 'current';
  return ASSIGNABLE_STATUSES.includes(desktop.status) ? undefined : 'unavailable';
}

function useSearchText() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return { typed, setTyped, search };
}

/** Gives a policy to desktops chosen from the caller's (searched by name on the server). */
export function AssignDialog({ policy, onClose }: AssignDialogProps) {
  const { t } = useTranslation('policies');
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const text = useSearchText();
  const choices = useDesktopChoices(text.search);
  const assign = useAssignPolicy();
  // What was chosen stays labelled by name while a later search does not list it.
  const [chosen, setChosen] = useState<Desktop[]>([]);
  const [error, setError] = useState<string>();
  // Desktops the last submission could not move, with the server's reason for each.
  const [failures, setFailures] = useState<BatchFailure[]>([]);

  const desktops = useMemo(() => {
    const found = choices.data?.list ?? [];
    const extra = chosen.filter((desktop) => !found.some((item) => item.desktop_id === desktop.desktop_id));
    return [...extra, ...found];
  }, [choices.data, chosen]);

  const options = desktops.map((desktop) => {
    const refusal = refusalOf(desktop, policy);
    return {
      value: desktop.desktop_id,
      disabled: refusal !== undefined,
      label: (
        <Flex justify="space-between" gap="small">
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{desktop.name}</span>
          {refusal ? (
            <span style={{ color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>
              {t(`assign.${refusal}`)}
            </span>
          ) : null}
        </Flex>
      ),
      desktop,
    };
  });

  const onChange = (ids: string[]) => {
    setChosen(ids.flatMap((id) => desktops.filter((desktop) => desktop.desktop_id === id)));
    setError(ids.length > MAX_BATCH_DESKTOPS ? t('assign.tooMany', { max: MAX_BATCH_DESKTOPS }) : undefined);
  };

  const submit = () => {
    if (chosen.length === 0) return setError(t('assign.required'));
    if (chosen.length > MAX_BATCH_DESKTOPS) return setError(t('assign.tooMany', { max: MAX_BATCH_DESKTOPS }));
    assign.mutate(
      { policyId: policy.policy_id, desktopIds: chosen.map((desktop) => desktop.desktop_id) },
      {
        onSuccess: ({ results }) => {
          const done = results.filter((result) => result.ok).length;
          const failed = results.filter((result) => !result.ok);
          if (done) void message.success(t('assign.done', { count: done }));
          if (!failed.length) return onClose();
          // The refused stay chosen, with their reasons, to retry once their state allows it.
          const nameOf = (id: string) => chosen.find((desktop) => desktop.desktop_id === id)?.name ?? id;
          setChosen(
            chosen.filter((desktop) => failed.some((result) => result.desktop_id === desktop.desktop_id)),
          );
          setFailures(
            failed.map((result) => ({ name: nameOf(result.desktop_id), message: result.message ?? '' })),
          );
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t('assign.title', { name: policy.name })}
      onCancel={onClose}
      footer={
        <Flex justify="end" gap="small">
          <Button onClick={onClose}>{t('assign.cancel')}</Button>
          <Button
            type="primary"
            onClick={submit}
            loading={assign.isPending}
            data-testid="policy-assign-submit"
          >
            {t('assign.confirm')}
          </Button>
        </Flex>
      }
      mask={{ closable: false }}
    >
      <Flex vertical gap="middle" style={{ paddingTop: 8 }}>
        <Alert type="info" showIcon title={t('assign.hint')} />
        <BatchFailures
          title={t('assign.failed', { count: failures.length })}
          failures={failures}
          testId="policy-assign-failures"
        />
        <Form layout="vertical" requiredMark={false}>
          <Form.Item
            label={t('assign.desktops')}
            validateStatus={error ? 'error' : undefined}
            help={error}
            style={{ marginBottom: 0 }}
          >
            <Select<string[]>
              mode="multiple"
              value={chosen.map((desktop) => desktop.desktop_id)}
              onChange={onChange}
              options={options}
              showSearch={{ filterOption: false, onSearch: text.setTyped, searchValue: text.typed }}
              loading={choices.isFetching}
              notFoundContent={choices.isFetching ? null : t('assign.none')}
              placeholder={t('assign.placeholder')}
              aria-label={t('assign.desktops')}
              maxTagCount="responsive"
              style={{ width: '100%' }}
              data-testid="policy-assign-desktops"
            />
          </Form.Item>
        </Form>
      </Flex>
    </Modal>
  );
}
