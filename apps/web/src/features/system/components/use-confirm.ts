import { App, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A destructive action behind antd's confirm box (RuoYi's `$modal.confirm`), with a success
 * toast; a failure's message is shown by the request client.
 */
export function useConfirmedAction() {
  const { modal, message } = App.useApp();
  const { t } = useTranslation('systemRole');
  return (options: { title: string; content: string; done: string; run: () => Promise<unknown> }) =>
    modal.confirm({
      title: options.title,
      content: options.content,
      okText: t('action.confirm'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
      cancelText: t('action.cancel'),
      onOk: async () => {
        await options.run();
        void message.success(options.done);
      },
    });
}
