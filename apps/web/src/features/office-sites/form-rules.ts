/** The field rules the office network dialogs share (the contract's limits, checked before sending). */
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** A network name: 2–64 characters once trimmed (`officeSitePurchaseBody`, `officeSiteUpdateBody`). */
export const NAME_MIN = 2;
export const NAME_MAX = 64;

export function nameRule(t: TFunction<'officeSites'>): FormRule {
  return {
    validator: (_, value?: string) => {
      const length = value?.trim().length ?? 0;
      return length >= NAME_MIN && length <= NAME_MAX
        ? Promise.resolve()
        : Promise.reject(new Error(t('form.nameLength', { min: NAME_MIN, max: NAME_MAX })));
    },
  };
}
