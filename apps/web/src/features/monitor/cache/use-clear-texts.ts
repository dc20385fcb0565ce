import { useTranslation } from 'react-i18next';

/** The confirmation texts of clearing a whole cache, one cache or one key. */
export function useClearTexts() {
  const { t } = useTranslation('monitorCache');
  return (what: 'name' | 'key' | 'all', target: string) => ({
    title: t(`clear.${what}Title`),
    content: t(`clear.${what}Content`, { target }),
    okText: t('clear.ok'),
    cancelText: t('cancel'),
    done: t('clear.done'),
    okTestId: 'cache-clear-ok',
  });
}
