import { COMMON_CODES, isMessageCode, type ApiError, type MessageCode } from '@portal/libs';

/**
 * A failed call: the server's message and field messages, each as its code where the server sent one
 * (translated where they are shown), its status and refusal code.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly body?: unknown,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * A call that never reached the server or never came back (offline, a dropped connection, an abort): not
 * the browser's 'Failed to fetch' or 'Network Error', but a message in the applicant's language that says
 * what to do (status 0). The same action pressed again keeps its Idempotency-Key (lib/idempotency.ts).
 */
export const networkError = () => new HttpError(0, COMMON_CODES.network);

/** The code of a message when the libs know it (the web translates it), else the server's text. */
const codeOr = (code: string | undefined, text: string): string => (isMessageCode(code) ? code : text);

/**
 * The error's message and field messages as the web shows them: each message's code (data.messageCode,
 * data.fieldCodes), translated where it is shown; the server's English where it sent no known code.
 */
export function toError(status: number, body: unknown): HttpError {
  const b = body as Partial<ApiError> | undefined;
  const text = b?.data?.message ?? b?.message ?? `Request failed with status code ${status}`;
  const fields = Object.fromEntries(
    Object.entries(b?.data?.fields ?? {}).map(([name, f]) => [name, codeOr(b?.data?.fieldCodes?.[name], f)]),
  );
  return new HttpError(status, codeOr(b?.data?.messageCode, text), fields, body, b?.data?.code);
}

/** A refusal's own code to act on (data.code: TRY_AGAIN, NO_SESSION, a journey refusal). */
export const codeOf = (body: unknown) => (body as Partial<ApiError> | undefined)?.data?.code;

/**
 * The message code of a failure, when it has one the web has words for; undefined for anything else
 * (a server text without a code, a thrown non-error), which the caller words in its own way.
 */
export const messageCodeOf = (e: unknown): MessageCode | undefined =>
  e instanceof Error && isMessageCode(e.message) ? e.message : undefined;
