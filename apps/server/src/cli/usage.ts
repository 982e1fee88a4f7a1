// What the command line says of a wrong call: the usage, and the reason.
import type { z } from 'zod';

/** A wrong call: answered with the usage and exit code 2. */
export class UsageError extends Error {}

/** `value` as `schema` reads it, or a usage error naming `what`. */
export function parsed<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const outcome = schema.safeParse(value);
  if (!outcome.success)
    throw new UsageError(`${what}: ${outcome.error.issues.map((issue) => issue.message).join('; ')}`);
  return outcome.data;
}
