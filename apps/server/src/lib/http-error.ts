/** An error whose message is meant for the visitor: answered as `{detail}` with its status, and
 * `until` when the refusal holds till a known instant. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly until: Date | undefined;
  constructor(statusCode: number, detail: string, until?: Date) {
    super(detail);
    this.statusCode = statusCode;
    this.until = until;
  }
}

export const notFound = (what = 'Not found.'): HttpError => new HttpError(404, what);
export const badRequest = (detail: string): HttpError => new HttpError(400, detail);
