/**
 * A task's result in the reader's language: its `result_code` is one of the core's messages
 * below, a message its runner registered, or an ErrorCode (a refusal the engine answered, e.g.
 * PHONE_NOT_RUNNING), translated like the API's errors.
 */
import type { Language } from '@cloudbay/contracts';
import { isErrorCode, translate } from '../../../lib/i18n';
import type { PhoneTaskMessage, PhoneTaskMessageParams, PhoneTaskRunners } from './types';

export const TASK_MESSAGES = {
  /** Done, nothing more to say. */
  PHONE_TASK_SUCCEEDED: { 'zh-CN': '执行成功', 'en-US': 'Completed' },
  /** The runner kept saying "running" past its polls. */
  PHONE_TASK_TIMEOUT: {
    'zh-CN': '任务超时：云端在规定时间内未完成操作',
    'en-US': 'Timed out: the cloud did not finish the operation in time',
  },
  /** The runner failed on every try (an outage, a bug): the job's last error is in the logs. */
  PHONE_TASK_ERROR: {
    'zh-CN': '任务执行出错，请稍后重试',
    'en-US': 'The task could not be carried out; please retry later',
  },
  /** No runner knows the type (a task written by a newer version, or a removed type). */
  PHONE_TASK_UNSUPPORTED: { 'zh-CN': '不支持的任务类型', 'en-US': 'This task type is not supported' },
  /** The phone was released before the task ran. */
  PHONE_TASK_PHONE_GONE: { 'zh-CN': '云手机已释放', 'en-US': 'The phone has been released' },
} as const satisfies Record<string, PhoneTaskMessage>;

export type TaskMessageCode = keyof typeof TASK_MESSAGES;

const fill = (template: string, params: PhoneTaskMessageParams) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );

function messageOf(code: string, runners: PhoneTaskRunners): PhoneTaskMessage | undefined {
  if (Object.hasOwn(TASK_MESSAGES, code)) return TASK_MESSAGES[code as TaskMessageCode];
  for (const entry of Object.values(runners)) {
    if (entry?.messages && Object.hasOwn(entry.messages, code)) return entry.messages[code];
  }
  return undefined;
}

/** The result text of `code` in `language`; an unknown code is shown as it is (never hidden). */
export function taskResultText(
  language: Language,
  code: string | null,
  params: PhoneTaskMessageParams | null,
  runners: PhoneTaskRunners,
): string | null {
  if (code === null) return null;
  const message = messageOf(code, runners);
  if (message) return fill(message[language], params ?? {});
  if (isErrorCode(code)) return translate(language, code, params ?? {});
  return code;
}
