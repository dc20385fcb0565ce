import { App } from 'antd';
import { useTranslation } from 'react-i18next';

/** The namespaces whose `delete.*` and `dialog.cancel` texts the confirmation uses. */
type DeleteTexts = 'phoneGroups' | 'phoneKeys';

/**
 * Asks before deleting a group or a key pair, saying what its phones become (`delete.inUse`) when
 * it has some. The dialog spins until the server has answered; a refusal (shown by the request
 * client, e.g. 409 KEY_PAIR_IN_USE) closes it like a success, without the success message.
 */
export function useConfirmDelete<T>(
  ns: DeleteTexts,
  describe: (item: T) => { name: string; phones: number },
  remove: (item: T) => Promise<unknown>,
) {
  const { t } = useTranslation(ns);
  const { modal, message } = App.useApp();
  return (item: T) => {
    const { name, phones } = describe(item);
    modal.confirm({
      title: t('delete.title', { name }),
      content: phones ? t('delete.inUse', { count: phones }) : t('delete.content'),
      okText: t('delete.confirm'),
      cancelText: t('dialog.cancel'),
      okButtonProps: { danger: true },
      onOk: () =>
        remove(item)
          .then(() => void message.success(t('delete.done')))
          .catch(() => undefined),
    });
  };
}
