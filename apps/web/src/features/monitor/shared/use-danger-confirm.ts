import { App } from 'antd';

/** A destructive action's confirmation, already translated by the page that asks. */
export interface DangerConfirmTexts<T = unknown> {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
  /** The success message, or one made from the server's answer (how many rows went). */
  done: string | ((answer: T) => string);
  /** On the OK button, for the e2e journeys. */
  okTestId: string;
}

/**
 * Asks before a destructive monitor action (force logout, clearing a cache, deleting log rows). The
 * dialog spins until the server has answered; a refusal is shown by the request client and closes
 * the dialog without the success message.
 */
export function useDangerConfirm() {
  const { modal, message } = App.useApp();
  return <T>(texts: DangerConfirmTexts<T>, run: () => Promise<T>) =>
    modal.confirm({
      title: texts.title,
      content: texts.content,
      okText: texts.okText,
      cancelText: texts.cancelText,
      okButtonProps: { danger: true, 'data-testid': texts.okTestId },
      onOk: () =>
        run()
          .then(
            (answer) =>
              void message.success(typeof texts.done === 'string' ? texts.done : texts.done(answer)),
          )
          .catch(() => undefined),
    });
}
