/** Form rules shared by the console's forms. */
import type { RuleObject } from 'antd/es/form';

/**
 * A length rule on the text as it will be saved: the server trims names, so '  a ' is one
 * character, not four, and must be refused here as it would be there.
 */
export function trimmedLength(min: number, max: number, message: string): RuleObject {
  return {
    min,
    max,
    message,
    transform: (value: unknown) => (typeof value === 'string' ? value.trim() : value),
  };
}
