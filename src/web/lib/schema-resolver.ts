// react-hook-form's resolver for a contract schema, typed by what the form's fields really hold.
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The resolver of a form checked by `schema`. A form's fields may hold what the schema's input
 * type has no room for: a select not chosen yet holds '', a yes/no question not answered yet
 * undefined, a number field its text. The schema reads whatever they hold at run time and refuses
 * those with its own messages, so `Values` is the fields as they are, and a valid submit gives the
 * schema's output.
 */
export function schemaResolver<Values extends FieldValues, Output>(
  schema: z.ZodType<Output, FieldValues>,
): Resolver<Values, unknown, Output> {
  // The one cast of the forms: react-hook-form types a resolver by the values it is given (and
  // `FieldErrors<FieldValues>` cannot be proven to be a generic `FieldErrors<Values>`), while zod's
  // checks what it is given at run time, whatever its type says.
  return zodResolver(schema) as Resolver<Values, unknown, Output>;
}

/** `T` with its select fields `K` able to hold '', their "Select…" option, before one is chosen. */
export type WithBlankChoices<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] | '' };
