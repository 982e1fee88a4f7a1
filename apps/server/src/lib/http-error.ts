/** An error whose message is meant for the visitor: answered as `{detail}` with its status. */
export class HttpError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, detail: string) {
    super(detail);
    this.statusCode = statusCode;
  }
}

export const notFound = (what = 'Not found.'): HttpError => new HttpError(404, what);
export const badRequest = (detail: string): HttpError => new HttpError(400, detail);
