import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { plainValidationMessage } from '../../src/server/platform/validation-messages';

// The messages come from zod itself, so a change of its wording fails here, not in production.
const Schema = z.object({
  id: z.string().max(4),
  type: z.enum(['monthly', 'annual']),
  count: z.number().int().min(1).max(5),
  tags: z.array(z.string()).min(1),
  note: z.string().min(2),
  flag: z.boolean(),
  either: z.union([z.string(), z.number()]),
  email: z.string().email('Invalid email address'),
});

function plain(input: unknown, context = 'body'): Record<string, string> {
  const messages: Record<string, string> = {};
  // The first issue of each field, as the API answers.
  for (const issue of Schema.safeParse(input).error?.issues ?? []) {
    messages[issue.path.join('.') || '_'] ??= plainValidationMessage(issue.message, issue.path, context);
  }
  return messages;
}

describe('plain validation messages', () => {
  it('names a missing field, a wrong type and a body that is not an object', () => {
    expect(plain(null)).toEqual({ _: 'The request body must be an object.' });
    expect(plain(null, 'querystring')).toEqual({ _: 'The query string must be an object.' });
    const missing = plain({});
    expect(missing.id).toBe('The field "id" is required.');
    expect(missing.flag).toBe('The field "flag" is required.');
    const wrong = plain({ id: 1, count: 'x', tags: 'a', flag: 'yes', note: [] });
    expect(wrong).toMatchObject({
      id: 'The field "id" must be text.',
      count: 'The field "count" must be a number.',
      tags: 'The field "tags" must be a list.',
      flag: 'The field "flag" must be true or false.',
      note: 'The field "note" must be text.',
    });
  });

  it('lists the allowed options and states sizes and bounds', () => {
    const out = plain({
      id: 'abcdef',
      type: 'weekly',
      count: 9,
      tags: [],
      note: 'a',
      flag: true,
      either: true,
    });
    expect(out).toMatchObject({
      id: 'The field "id" must have at most 4 characters.',
      type: 'The field "type" must be one of: monthly, annual.',
      count: 'The field "count" must be at most 5.',
      tags: 'The field "tags" must have at least 1 item.',
      note: 'The field "note" must have at least 2 characters.',
      either: 'The field "either" is not valid.',
    });
    expect(plain({ count: 0 }).count).toBe('The field "count" must be at least 1.');
    expect(plain({ count: 1.5 }).count).toBe('The field "count" must be a whole number.');
  });

  it('keeps the contracts’ own messages as they are', () => {
    expect(plain({ email: 'nope' }).email).toBe('Invalid email address');
    expect(plainValidationMessage('Please select a specialization', ['specialization'])).toBe(
      'Please select a specialization',
    );
  });
});
