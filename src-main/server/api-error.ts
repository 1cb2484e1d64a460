// Errors the API answers with: a code, the HTTP status it implies, and the messages for `msg`
// (contract/error-codes.ts), and the two every parameter spec throws.
import { CodedError } from '../contract/error-codes';

export { CodedError as ApiError } from '../contract/error-codes';

export const badParameter = (name: string, why: string) => new CodedError('BAD_PARAMETER', `Parameter "${name}" ${why}.`);
export const missingParameter = (name: string) => new CodedError('MISSING_PARAMETER', `Parameter "${name}" is required.`);
