// Errors the API answers with: a code, the HTTP status it implies, and the messages for `msg`.
import { ERROR_STATUS, type ErrorCode } from '../contract/error-codes';

export class ApiError extends Error {
  readonly status: number;
  readonly messages: string[];

  constructor(
    readonly code: ErrorCode,
    ...messages: string[]
  ) {
    super(messages.join(' '));
    this.name = 'ApiError';
    this.status = ERROR_STATUS[code];
    this.messages = messages;
  }
}

export const badParameter = (name: string, why: string) => new ApiError('BAD_PARAMETER', `Parameter "${name}" ${why}.`);
export const missingParameter = (name: string) => new ApiError('MISSING_PARAMETER', `Parameter "${name}" is required.`);
