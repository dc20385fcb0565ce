import { describe, expect, it } from 'vitest';
import type { FastifySchemaValidationError } from 'fastify';
import { ErrorCode } from '@cloudbay/contracts';
import { fieldErrors } from './validation-messages';

const issue = (message: string, instancePath = '/tx_hash'): FastifySchemaValidationError => ({
  keyword: 'custom',
  instancePath,
  schemaPath: '',
  params: {},
  message,
});

describe('fieldErrors', () => {
  it('words the request-wide VALIDATION_FAILED, used as one field’s message, as zod’s invalid input', () => {
    expect(fieldErrors([issue(ErrorCode.VALIDATION_FAILED)], 'body', 'en-US')).toEqual([
      { field: 'body.tx_hash', message: 'Invalid input' },
    ]);
    expect(fieldErrors([issue(ErrorCode.VALIDATION_FAILED)], 'body', 'zh-CN')).toEqual([
      { field: 'body.tx_hash', message: '无效输入' },
    ]);
  });

  it('translates other codes as they are and keeps a schema’s own words', () => {
    const [code] = fieldErrors([issue(ErrorCode.EMAIL_INVALID, '/email')], 'body', 'en-US');
    expect(code?.field).toBe('body.email');
    expect(code?.message).not.toMatch(/[{}]/);
    expect(code?.message).not.toBe(ErrorCode.EMAIL_INVALID);
    expect(fieldErrors([issue('must be a phone of yours')], 'body', 'en-US')[0]?.message).toBe(
      'must be a phone of yours',
    );
  });
});
