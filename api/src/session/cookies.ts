import type { CookieOptions, Response } from 'express';
import type { ApiSettings } from '../config/settings.module';
import type { IssuedTokens } from './tokens.service';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/** Secure everywhere except plain-http local use. */
export const isSecure = (s: ApiSettings) => s.PUBLIC_URL.startsWith('https:');

const base = (s: ApiSettings): CookieOptions => ({ httpOnly: true, secure: isSecure(s), sameSite: 'lax' });

export function setSessionCookies(res: Response, tokens: IssuedTokens, s: ApiSettings) {
  res.cookie(ACCESS_COOKIE, tokens.accessToken, {
    ...base(s),
    path: '/api',
    maxAge: s.ACCESS_TOKEN_TTL_SECONDS * 1000,
  });
  // The refresh token only ever travels to the auth endpoints.
  res.cookie(REFRESH_COOKIE, tokens.refreshToken, {
    ...base(s),
    path: '/api/auth',
    maxAge: s.REFRESH_TOKEN_TTL_SECONDS * 1000,
  });
}

export function clearSessionCookies(res: Response, s: ApiSettings) {
  res.clearCookie(ACCESS_COOKIE, { ...base(s), path: '/api' });
  res.clearCookie(REFRESH_COOKIE, { ...base(s), path: '/api/auth' });
}

/** The XSRF cookie is readable by script (double-submit): the client echoes it in X-XSRF-TOKEN. */
export function setXsrfCookie(res: Response, token: string, s: ApiSettings) {
  res.cookie(XSRF_COOKIE, token, { httpOnly: false, secure: isSecure(s), sameSite: 'strict', path: '/' });
}
