import type { ReactNode } from 'react';
import { App, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../lib/feedback';

/** Asks before something that cannot be undone; `run` rejecting keeps the dialog's button usable. */
export function useConfirm() {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return (options: { title: string; content: ReactNode; okText: string; run: () => Promise<unknown> }) =>
    modal.confirm({
      title: options.title,
      content: options.content,
      okText: options.okText,
      cancelText: t('action.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
      onOk: () => options.run(),
    });
}

/**
 * A destructive action behind antd's confirm box (RuoYi's `$modal.confirm`) with an OK button and
 * a success toast; a failure's message is shown by the request client.
 */
export function useConfirmedAction() {
  const confirm = useConfirm();
  const { message } = App.useApp();
  const { t } = useTranslation('systemRole');
  return (options: { title: string; content: string; done: string; run: () => Promise<unknown> }) =>
    confirm({
      title: options.title,
      content: options.content,
      okText: t('action.confirm'),
      run: async () => {
        await options.run();
        void message.success(options.done);
      },
    });
}

/**
 * Confirms, then deletes (nothing deleted can be restored); a refusal (409 built in) is shown
 * translated by the request client, a success as a toast.
 */
export function useConfirmDelete() {
  const { t } = useTranslation('systemShared');
  const { message } = App.useApp();
  return async (what: string, remove: () => Promise<unknown>) => {
    const confirmed = await feedback.confirm({
      title: t('deleteTitle'),
      content: t('deleteContent', { what }),
      okText: t('delete'),
      cancelText: t('cancel'),
    });
    if (!confirmed) return;
    await remove();
    void message.success(t('deleted'));
  };
}
