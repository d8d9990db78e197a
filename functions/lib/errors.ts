/** Typed errors thrown anywhere below a handler; `toResponse` in http.ts maps them to status codes. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Data for the page to explain the refusal with (typed by `code`). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequest extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(400, 'bad_request', message, fields);
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Please sign in to continue', code = 'unauthorized') {
    super(401, code, message);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'You do not have access to this', code = 'forbidden') {
    super(403, code, message);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found') {
    super(404, 'not_found', message);
  }
}
export class Conflict extends AppError {
  constructor(message: string, code = 'conflict') {
    super(409, code, message);
  }
}
export class Gone extends AppError {
  constructor(message: string, code: string) {
    super(410, code, message);
  }
}
export class TooManyRequests extends AppError {
  constructor(message: string, code = 'too_many_requests', details?: Record<string, unknown>) {
    super(429, code, message, undefined, details);
  }
}
/** A dependency (Cognito, SES) failed in a way the caller cannot fix; the message is for people. */
export class Unavailable extends AppError {
  constructor(message: string) {
    super(503, 'unavailable', message);
  }
}
