/** The field rules the office network dialogs share (the contract's limits, checked before sending). */
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { trimmedLength } from '../../lib/form-rules';

/** A network name: 2–64 characters once trimmed (`officeSitePurchaseBody`, `officeSiteUpdateBody`). */
export const NAME_MIN = 2;
export const NAME_MAX = 64;

/** Required, and 2–64 characters once trimmed: one rule, so one message for either fault. */
export function nameRule(t: TFunction<'officeSites'>): FormRule {
  const message = t('form.nameLength', { min: NAME_MIN, max: NAME_MAX });
  return { ...trimmedLength(NAME_MIN, NAME_MAX, message), required: true, whitespace: true };
}
