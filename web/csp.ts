// The web app's Content-Security-Policy, one policy for every server of the pages:
// the local stack's web server (Vite preview, vite.config.ts) and nginx (deploy/web.Dockerfile). The app
// runs no inline script but the few index.html carries (the session check, the landing page's preload
// map, the prerender's swap); each is allowed by its hash, computed from the built page, so a script
// injected into the page runs nowhere.
import { createHash } from 'node:crypto';

/** Where the build leaves the policy (beside the manifest; the production image drops the folder). */
export const CSP_FILE = '.vite/csp.txt';

/** The sha256 source of each inline script of `html`. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g))
    hashes.add(`'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`);
  return [...hashes];
}

/**
 * Third parties the pages use: the rep's Calendly booking widget (script, styles, its frame) and, when a
 * key is configured, Google's address suggestions. Style attributes are allowed (React renders progress
 * widths as style attributes); scripts and everything else are not inline.
 */
export function policyFor(
  html: string,
  plaidLink = process.env.VITE_PLAID_LINK_URL,
  plaidEnv = process.env.VITE_PLAID_ENV,
): string {
  const plaid = plaidLinkSources(plaidLink, plaidEnv);
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(html).join(' ')} https://assets.calendly.com https://maps.googleapis.com${plaid.script}`,
    "style-src 'self' 'unsafe-inline' https://assets.calendly.com",
    "img-src 'self' data: https://*.calendly.com https://maps.gstatic.com https://maps.googleapis.com",
    "font-src 'self' data:",
    `connect-src 'self' https://maps.googleapis.com${plaid.connect}`,
    `frame-src https://calendly.com${plaid.frame}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * Where the Link script (VITE_PLAID_LINK_URL) comes from, frames its page and what it calls. Unset, the local
 * Plaid stand-in behind the web server's /plaid (same origin: its frame is 'self'); Plaid's CDN (or any
 * absolute URL) is allowed only when configured; 'none' (no bank connection) allows nothing. With Plaid's
 * CDN, the hosts Plaid's Link Web SDK page lists under "CSP directives": the script and frame from
 * https://cdn.plaid.com, and connect-src the environment's API host (https://production.plaid.com, or
 * https://sandbox.plaid.com for a staging build on Plaid's sandbox, VITE_PLAID_ENV=sandbox).
 */
export function plaidLinkSources(
  link: string | undefined,
  env?: string,
): { script: string; frame: string; connect: string } {
  if (link === 'none') return { script: '', frame: '', connect: '' };
  if (!link || link.startsWith('/')) return { script: '', frame: " 'self'", connect: '' };
  const origin = new URL(link).origin;
  const api = env === 'sandbox' ? 'https://sandbox.plaid.com' : 'https://production.plaid.com';
  // Plaid's Link script frames its page from cdn.plaid.com itself, which calls Plaid's API.
  return { script: ` ${origin}`, frame: ` ${origin}`, connect: origin === PLAID_CDN ? ` ${api}` : '' };
}

const PLAID_CDN = 'https://cdn.plaid.com';

/** The other headers every page answer carries, here and in deploy/nginx.conf alike. */
export const PAGE_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  // Not 'same-origin': that severs the popup Plaid Link opens for an OAuth bank from this page, and Link
  // never hears the bank's answer (Plaid's OAuth guide asks for same-origin-allow-popups).
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
};
