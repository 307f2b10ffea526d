/** The error a bridge method throws; `call` turns it into `{ok: false, error: {code, message, ...details}}`. */

export type ErrorCode = 'ref-unknown' | 'ref-detached' | 'level-out-of-range' | 'not-actionable' | 'bad-args' | 'bad-locator' | 'internal';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json | undefined };

export class BridgeError extends Error {
  readonly code: ErrorCode;
  readonly details: { [key: string]: Json | undefined };

  constructor(code: ErrorCode, message: string, details: { [key: string]: Json | undefined } = {}) {
    super(message);
    this.code = code;
    this.details = details;
  }
}
