import type { NextFunction, Request, Response } from 'express';

const LOCAL_CLIENT = Symbol('localClient');
type WithLocalClient = Request & { [LOCAL_CLIENT]?: string };
const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * The client's address as Express's `trust proxy` (TRUSTED_PROXIES) resolves it: never a raw header.
 * On the local stack, the address the local web server vouched for (localWebServer below).
 */
export const clientIp = (req: Request) =>
  (req as WithLocalClient)[LOCAL_CLIENT] ?? req.ip ?? req.socket.remoteAddress ?? 'unknown';

/**
 * The local stack's web server (Vite's proxy) reaches the api from loopback for every browser, so the api
 * would count every local user as one address. It sends each browser's socket address with a secret
 * made at each start (LOCAL_PROXY_SECRET): a request from loopback that carries it is counted by that
 * address; anyone else's X-Forwarded-For still counts for nothing. Unset in production, where nginx sets
 * X-Forwarded-For and TRUSTED_PROXIES names it.
 */
export function localWebServer(secret: string) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const vouched = req.headers['x-local-proxy'];
    const address = req.headers['x-forwarded-for'];
    if (
      secret &&
      vouched === secret &&
      LOOPBACK.test(req.socket.remoteAddress ?? '') &&
      typeof address === 'string' &&
      /^[0-9a-fA-F:.]{2,45}$/.test(address)
    )
      (req as WithLocalClient)[LOCAL_CLIENT] = address;
    delete req.headers['x-local-proxy'];
    next();
  };
}
