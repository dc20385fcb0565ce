import { DecimalFormatError, parseMicros } from '../../lib/money';
import { CallbackError, type GatewayName } from './types';

/** Whether a gateway's amount text is a plain decimal we can read exactly. */
export function isDecimal(text: string): boolean {
  try {
    parseMicros(text);
    return true;
  } catch {
    return false;
  }
}

/** A callback amount in micro-units; an unreadable one makes the whole callback untrustworthy. */
export function readCallbackAmount(gateway: GatewayName, text: string): bigint {
  try {
    return parseMicros(text);
  } catch (error) {
    if (error instanceof DecimalFormatError) {
      throw new CallbackError(
        gateway,
        'malformed',
        `the callback amount ${JSON.stringify(text)} is not a decimal`,
      );
    }
    throw error;
  }
}
