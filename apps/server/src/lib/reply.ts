import { AnswerCode, type Envelope } from '@cloudbay/contracts';

/** The success envelope: `{ code: 200, msg, success: true, data }`. */
export function ok<T>(data: T, msg = ''): Envelope<T> {
  return { code: AnswerCode.OK, msg, success: true, data };
}
