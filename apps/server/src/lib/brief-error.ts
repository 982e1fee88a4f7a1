// An error as an outage's log line names it: its kind, message and code, without the stack, which
// says nothing more when the database or Redis is away and would fill the log at every retry.
export function briefError(error: unknown): { type: string; message: string; code?: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  const code = (error as Error & { code?: unknown }).code;
  return { type: error.name, message: error.message, ...(typeof code === 'string' ? { code } : {}) };
}
