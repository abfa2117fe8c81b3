import type { Request } from 'express';

/** The client's address as Express's `trust proxy` (TRUSTED_PROXIES) resolves it: never a raw header. */
export const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';
