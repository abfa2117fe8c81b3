import type { NextFunction, Request, Response } from 'express';

/**
 * Headers on every api answer. The api answers JSON (and the odd file), never a page: a
 * CSP that allows nothing and no framing, no MIME sniffing, no referrer, and `no-store`, so an answer with
 * an applicant's data is never kept by the browser or a shared cache (the Back button on a shared
 * computer shows nothing after sign-out). HSTS where the portal is served over https.
 */
export function securityHeaders(https: boolean) {
  return (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    if (https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}
