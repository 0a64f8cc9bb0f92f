/**
 * The contracts word every message a person meets in a form (product §5). Where a schema
 * gives none, zod's own wording ('Invalid input: expected string, received undefined') would
 * reach the API client; these rewrite it into a sentence that names the field and says what to
 * send. Any other message, the contracts' own, passes through unchanged.
 */
const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
};

type Rewrite = (field: string, match: RegExpMatchArray) => string;

/** '1 character', '64 characters' (zod says 'characters' and 'items' whatever the number). */
const counted = (limit = '', unit = '') => `${limit} ${unit.replace(/s$/, '')}${limit === '1' ? '' : 's'}`;

const REWRITES: Array<[RegExp, Rewrite]> = [
  [/^Invalid input: expected \w+, received undefined$/, (field) => `${field} is required.`],
  [
    /^Invalid input: expected (\w+), received \w+$/,
    (field, [, type = '']) => `${field} must be ${TYPE_NAMES[type] ?? type}.`,
  ],
  [
    /^Invalid option: expected one of (.+)$/,
    (field, [, options = '']) =>
      `${field} must be one of: ${options.replaceAll('"', '').split('|').join(', ')}.`,
  ],
  [
    /^Too big: expected (?:string|array|set) to have <=?(\d+) (characters?|items?)$/,
    (field, [, limit, unit]) => `${field} must have at most ${counted(limit, unit)}.`,
  ],
  [
    /^Too small: expected (?:string|array|set) to have >=?(\d+) (characters?|items?)$/,
    (field, [, limit, unit]) => `${field} must have at least ${counted(limit, unit)}.`,
  ],
  [
    /^Too big: expected number to be <=?(-?[\d.e+]+)$/,
    (field, [, limit]) => `${field} must be at most ${limit}.`,
  ],
  [
    /^Too small: expected number to be >=?(-?[\d.e+]+)$/,
    (field, [, limit]) => `${field} must be at least ${limit}.`,
  ],
  [
    /^Unrecognized keys?: (.+)$/,
    (field, [, keys = '']) => `${field} has fields that are not allowed: ${keys}.`,
  ],
  [/^Invalid input$/, (field) => `${field} is not valid.`],
];

const PARTS: Record<string, string> = {
  body: 'The request body',
  querystring: 'The query string',
  params: 'The address',
};

/**
 * `message` as a person can act on it. `path` is where the issue is inside `context` ('body',
 * 'querystring', 'params'); an empty path means the whole part (a body that is not an object).
 */
export function plainValidationMessage(
  message: string,
  path: readonly PropertyKey[],
  context?: string,
): string {
  const field =
    path.length === 0
      ? (PARTS[context ?? 'body'] ?? 'The request')
      : `The field "${path.map(String).join('.')}"`;
  for (const [pattern, rewrite] of REWRITES) {
    const match = message.match(pattern);
    if (match) return rewrite(field, match);
  }
  return message;
}
