import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { SETTINGS, type ApiSettings } from '../config/settings.module';

/**
 * CORS for the codec server: the Temporal UI's origin (TEMPORAL_UI_ORIGIN) and nothing else. The
 * browser asks first (OPTIONS) because the UI sends JSON, X-Namespace and the operator's Authorization.
 */
@Injectable()
export class CodecCorsMiddleware implements NestMiddleware {
  private readonly origin: string;

  constructor(@Inject(SETTINGS) settings: ApiSettings) {
    this.origin = new URL(settings.TEMPORAL_UI_ORIGIN).origin;
  }

  use(req: Request, res: Response, next: NextFunction) {
    res.vary('Origin');
    if (req.get('origin') === this.origin) {
      res.setHeader('Access-Control-Allow-Origin', this.origin);
      res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', 'authorization, content-type, x-namespace');
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Access-Control-Max-Age', '600');
    }
    if (req.method === 'OPTIONS') return void res.status(204).end();
    next();
  }
}
