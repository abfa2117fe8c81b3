/** Plaid's Link script, the one react-plaid-link loads itself. */
export const PLAID_STABLE_URL = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';

/**
 * The Link script (VITE_PLAID_LINK_URL at build time): by default the local Plaid stand-in's, which the local
 * web server serves at /plaid (vite.config.ts); in production Plaid's (PLAID_STABLE_URL), whose origin the
 * page policy then allows (web/csp.ts); 'none' hides "Connect your bank".
 */
export const PLAID_LINK_URL =
  (import.meta.env.VITE_PLAID_LINK_URL as string | undefined) || '/plaid/link-initialize.js';
