import { randomBytes } from 'node:crypto';

export type PlaidErrorCode =
  | 'ITEM_LOGIN_REQUIRED'
  | 'PRODUCT_NOT_READY'
  | 'INVALID_API_KEYS'
  | 'INVALID_ACCESS_TOKEN'
  | 'ITEM_NOT_FOUND'
  | 'INVALID_PRODUCT'
  | 'RATE_LIMIT_EXCEEDED';

/** Plaid's own wording for the errors the portal reacts to, so the api is tested against what Plaid sends. */
const ERRORS: Record<PlaidErrorCode, { error_type: string; error_message: string; display_message: string | null }> = {
  ITEM_LOGIN_REQUIRED: {
    error_type: 'ITEM_ERROR',
    error_message:
      "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
    display_message: "The provided credentials were correct, but the user's login details have changed.",
  },
  PRODUCT_NOT_READY: {
    error_type: 'ITEM_ERROR',
    error_message: 'the requested product is not yet ready. please provide a webhook or try the request again later',
    display_message: null,
  },
  INVALID_API_KEYS: {
    error_type: 'INVALID_INPUT',
    error_message: 'invalid client_id or secret provided',
    display_message: null,
  },
  // https://plaid.com/docs/errors/item/#item_not_found: the item was removed (/item/remove) or never existed.
  ITEM_NOT_FOUND: {
    error_type: 'ITEM_ERROR',
    error_message:
      'the Item you requested cannot be found. This Item does not exist, has been previously removed via /item/remove, or has had access removed by the user.',
    display_message: null,
  },
  INVALID_PRODUCT: {
    error_type: 'INVALID_INPUT',
    error_message: 'the product is not supported for the country codes or the request',
    display_message: null,
  },
  // https://plaid.com/docs/errors/rate-limit-exceeded/: answered with HTTP 429.
  RATE_LIMIT_EXCEEDED: {
    error_type: 'RATE_LIMIT_EXCEEDED',
    error_message: 'rate limit exceeded for attempts to access this item. please try again later',
    display_message: null,
  },
  INVALID_ACCESS_TOKEN: {
    error_type: 'INVALID_INPUT',
    error_message: 'provided access token is in an invalid format. expected format: access-<environment>-<identifier>',
    display_message: null,
  },
};

export const requestId = () => randomBytes(8).toString('hex');

/** An error body as Plaid shapes it. */
export function plaidError(code: PlaidErrorCode | 'INVALID_FIELD' | 'INVALID_LINK_TOKEN', message?: string) {
  const known = (ERRORS as Record<string, (typeof ERRORS)[PlaidErrorCode]>)[code];
  return {
    error_type: known?.error_type ?? 'INVALID_INPUT',
    error_code: code,
    error_message: message ?? known?.error_message ?? code,
    display_message: known?.display_message ?? null,
    request_id: requestId(),
    causes: [],
    status: 400,
    documentation_url: `https://plaid.com/docs/errors/#${code.toLowerCase()}`,
    suggested_action: null,
  };
}

/** A request refused with Plaid's 400 and this error. */
export const refused = (code: Parameters<typeof plaidError>[0], message?: string) => ({
  status: 400,
  body: plaidError(code, message),
});

/** Plaid's rate limit: HTTP 429 with error_type RATE_LIMIT_EXCEEDED (https://plaid.com/docs/errors/rate-limit-exceeded/). */
export const rateLimited = () => ({ status: 429, body: { ...plaidError('RATE_LIMIT_EXCEEDED'), status: 429 } });
