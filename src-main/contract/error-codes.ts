// Stable error codes of the API, with the HTTP status each one answers with.

export const ERROR_STATUS = {
  BAD_PARAMETER: 400,
  MISSING_PARAMETER: 400,
  UNAUTHORIZED: 401,
  /** Known, but not for this authority (the user's details with an API key alone). */
  FORBIDDEN: 403,
  FORBIDDEN_HOST: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  /** The write would repeat what is already there (a favourite added twice). */
  CONFLICT: 409,
  /** A range outside the file (audio streamed from a synced remote). */
  RANGE_NOT_SATISFIABLE: 416,
  SERVER_FAULT: 500,
  /** A remote this server relays (a synced song's audio) could not be reached or refused. */
  BAD_GATEWAY: 502,
  /** What would serve it is missing or busy (a file that plays only transcoded, without ffmpeg or with every transcode slot taken). */
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * An error with one of these codes, thrown wherever the rule that fails lives (a parameter spec, the
 * catalogue's search, a job); the server answers it with the code's status and its messages in `msg`.
 */
export class CodedError extends Error {
  readonly status: number;
  readonly messages: string[];

  constructor(
    readonly code: ErrorCode,
    ...messages: string[]
  ) {
    super(messages.join(' '));
    this.name = 'CodedError';
    this.status = ERROR_STATUS[code];
    this.messages = messages;
  }
}
