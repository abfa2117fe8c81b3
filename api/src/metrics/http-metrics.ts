import type { NextFunction, Request, Response } from 'express';
import { httpDuration, httpRequests } from '../common/metrics';

/**
 * Express middleware counting each answer by its route template. Express sets `req.route` on the request
 * a route handled; one no route handled (a 404 for an unknown path, a refusal before routing) is
 * 'unmatched', so an attacker's paths never become labels.
 */
export function httpMetrics() {
  return (req: Request, res: Response, next: NextFunction) => {
    const end = httpDuration.startTimer();
    res.once('finish', () => {
      const path = (req.route as { path?: unknown } | undefined)?.path;
      const route = typeof path === 'string' ? `${req.baseUrl}${path}` : 'unmatched';
      const method = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'].includes(req.method)
        ? req.method
        : 'OTHER';
      httpRequests.inc({ method, route, status: String(res.statusCode) });
      end({ method, route });
    });
    next();
  };
}
