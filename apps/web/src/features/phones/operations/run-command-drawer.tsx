import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Alert, Button, Drawer, Flex, Input, Tag, Typography, theme } from 'antd';
import { ClearOutlined, EnterOutlined } from '@ant-design/icons';
import { PHONE_COMMAND_MAX_LENGTH } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useRunPhoneCommand } from '../api/phone-command';
import { NEW_LINE, remember, stepHistory, type HistoryCursor } from './command-history';
import { PhoneTarget } from './phone-target';
import type { PhoneToolProps } from './tool-props';
import { useStateFor } from './use-state-for';
import { TaskCentreLink } from '../tasks/task-centre-link';

/** One command of the session and what came back: its output and exit code, or why it failed. */
interface Entry {
  id: number;
  command: string;
  output?: string;
  exitCode?: number;
  error?: string;
}

interface Session {
  entries: Entry[];
  history: string[];
  cursor: HistoryCursor;
  line: string;
}

const NEW_SESSION: Session = { entries: [], history: [], cursor: NEW_LINE, line: '' };
const DRAWER_WIDTH = 720;

function EntryView({ entry }: { entry: Entry }) {
  const { t } = useTranslation('phoneOps');
  const pending = entry.output === undefined && entry.error === undefined;
  return (
    <div data-testid="phone-command-entry">
      <div style={{ color: '#7ee787' }}>
        <span aria-hidden>$ </span>
        <span data-testid="phone-command-entry-command">{entry.command}</span>
      </div>
      {pending ? <div style={{ color: '#8b949e' }}>{t('command.running')}</div> : null}
      {entry.output !== undefined ? (
        <pre
          data-testid="phone-command-entry-output"
          style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
        >
          {entry.output === '' ? (
            <span style={{ color: '#8b949e' }}>{t('command.noOutput')}</span>
          ) : (
            entry.output
          )}
        </pre>
      ) : null}
      {entry.exitCode !== undefined ? (
        <Tag
          color={entry.exitCode === 0 ? 'success' : 'error'}
          variant="filled"
          style={{ marginTop: 4 }}
          data-testid="phone-command-entry-exit"
        >
          {t('command.exitCode', { code: entry.exitCode })}
        </Tag>
      ) : null}
      {entry.error !== undefined ? (
        <div style={{ color: '#ff7b72' }} data-testid="phone-command-entry-error">
          {t('command.failed', { message: entry.error })}
        </div>
      ) : null}
    </div>
  );
}

/**
 * A console for one phone (POST /user/ph/phone/{id}/run_command): an input with the session's
 * history (↑/↓), each command's output in monospace with its exit code. The session lives while
 * the drawer is open; closing it ends the session. Acts on `phones[0]`.
 */
export function RunCommandDrawer({ phones, open, onClose }: PhoneToolProps) {
  const { t } = useTranslation('phoneOps');
  const { token } = theme.useToken();
  const isMobile = useIsMobile();
  const [phone] = phones;
  const run = useRunPhoneCommand();
  // The session: it starts over each time the drawer opens, or for another phone.
  const [session, setSession] = useStateFor<Session>(open ? phone?.id : null, () => NEW_SESSION);
  const { entries, history, cursor, line } = session;
  const nextId = useRef(1);
  const screenRef = useRef<HTMLDivElement>(null);
  const running = run.isPending;
  const runnable = phone?.actions.includes('run_command') ?? false;
  const update = (patch: Partial<Session>) => setSession((current) => ({ ...current, ...patch }));

  // Keep the newest output in view, as a terminal does.
  useEffect(() => {
    const screen = screenRef.current;
    if (screen) screen.scrollTop = screen.scrollHeight;
  }, [entries]);

  const settle = (id: number, patch: Partial<Entry>) =>
    setSession((current) => ({
      ...current,
      entries: current.entries.map((entry) => (entry.id === id ? { ...entry, ...patch } : entry)),
    }));

  const submit = () => {
    const command = line.trim();
    if (!phone || command === '' || running) return;
    const id = nextId.current++;
    setSession((current) => ({
      entries: [...current.entries, { id, command }],
      history: remember(current.history, command),
      cursor: NEW_LINE,
      line: '',
    }));
    run.mutate(
      { phoneId: phone.id, command },
      {
        onSuccess: (result) => settle(id, { output: result.output, exitCode: result.exit_code }),
        // The request client has shown the translated message; the console keeps it beside the command.
        onError: (error) => settle(id, { error: error.message }),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    const step = stepHistory(history, cursor, line, event.key === 'ArrowUp' ? 'older' : 'newer');
    update({ cursor: step.cursor, line: step.text });
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('command.title')}
      size={isMobile ? '100%' : DRAWER_WIDTH}
      destroyOnHidden
      data-testid="phone-command"
      extra={
        <Flex gap="middle" align="center">
          {/* Each command is a task of the task centre too (issue 20). */}
          {phone ? <TaskCentreLink phoneId={phone.id} type="command" /> : null}
          <Button
            icon={<ClearOutlined />}
            onClick={() => update({ entries: [] })}
            disabled={entries.length === 0}
            data-testid="phone-command-clear"
          >
            {t('command.clear')}
          </Button>
        </Flex>
      }
    >
      {phone ? (
        <Flex vertical gap="middle" style={{ height: '100%' }}>
          <PhoneTarget phone={phone} />
          <Typography.Text type="secondary">{t('command.intro')}</Typography.Text>
          {runnable ? null : (
            <Alert type="warning" showIcon title={t('notRunning')} data-testid="phone-command-not-running" />
          )}
          <div
            ref={screenRef}
            role="log"
            aria-live="polite"
            data-testid="phone-command-screen"
            style={{
              flex: 1,
              minHeight: 240,
              overflowY: 'auto',
              padding: 12,
              borderRadius: token.borderRadius,
              background: '#0d1117',
              color: '#e6edf3',
              fontFamily: token.fontFamilyCode,
              fontSize: 13,
              lineHeight: 1.6,
            }}
          >
            {entries.length === 0 ? (
              <span style={{ color: '#8b949e' }}>{t('command.empty')}</span>
            ) : (
              <Flex vertical gap={10}>
                {entries.map((entry) => (
                  <EntryView key={entry.id} entry={entry} />
                ))}
              </Flex>
            )}
          </div>
          <Flex gap={8}>
            <Input
              value={line}
              onChange={(event) => update({ line: event.target.value, cursor: NEW_LINE })}
              onKeyDown={onKeyDown}
              onPressEnter={submit}
              prefix={
                <span style={{ fontFamily: token.fontFamilyCode, color: token.colorTextSecondary }}>$</span>
              }
              placeholder={t('command.placeholder')}
              aria-label={t('command.inputLabel')}
              maxLength={PHONE_COMMAND_MAX_LENGTH}
              disabled={!runnable}
              autoFocus
              autoComplete="off"
              spellCheck={false}
              style={{ fontFamily: token.fontFamilyCode }}
              data-testid="phone-command-input"
            />
            <Button
              type="primary"
              icon={<EnterOutlined />}
              onClick={submit}
              loading={running}
              disabled={!runnable || line.trim() === ''}
              data-testid="phone-command-run"
            >
              {t('command.run')}
            </Button>
          </Flex>
        </Flex>
      ) : null}
    </Drawer>
  );
}
