import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { API_SETTINGS, loadEnv } from '@portal/libs';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import mongoose from 'mongoose';
import { AppModule } from './app.module';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { localWebServer } from './common/client-ip';
import { useJsonBodies } from './common/json-body';
import { securityHeaders } from './common/security-headers';
import { createValidationPipe } from './common/validation.pipe';
import { httpMetrics } from './metrics/http-metrics';
import { traceRequests } from './common/tracing';

/** Builds the api as main.ts serves it; tests use the same function. */
export async function createApp(): Promise<NestExpressApplication> {
  // Mongoose keeps each query's call stack (`new Error().stack`, formatted at once) only to word the error
  // of a query run twice, which no code here does: the CPU profile of the read path found it on
  // every query (1-2% of the api process's samples, Error.prepareStackTrace).
  mongoose.set('skipOriginalStackTraces', true);
  // Body parsing is ours (json-body.ts): Nest's default would also parse urlencoded and answer a
  // too-large body with a 500. rawBody keeps the bytes for the Box webhook's signature check.
  const app = await NestFactory.create<NestExpressApplication>(AppModule, {
    rawBody: true,
    bodyParser: false,
    bufferLogs: false,
  });
  // The client address (rate limits) comes from X-Forwarded-For only when the connection is from a
  // configured proxy; from anyone else the header is ignored, so a new value cannot reset a count.
  const { TRUSTED_PROXIES, PUBLIC_URL, LOCAL_PROXY_SECRET, TRACES_URL } = loadEnv(API_SETTINGS, process.env);
  // Every answer counted by its route template (metrics/registry.ts), refusals before routing included.
  app.use(httpMetrics());
  app.set('trust proxy', TRUSTED_PROXIES.length ? TRUSTED_PROXIES : false);
  app.use(localWebServer(LOCAL_PROXY_SECRET));
  app.use(securityHeaders(PUBLIC_URL.startsWith('https:')));
  app.use(cookieParser());
  useJsonBodies(app);
  // After the body is read, so the handler (and the Temporal client) runs in the request's span.
  if (TRACES_URL !== 'none') app.use(traceRequests());
  app.setGlobalPrefix('api');
  // Every request body is a DTO validated here (common/rule.decorator.ts says why this is the one style).
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());
  app.enableShutdownHooks();
  app.disable('x-powered-by');
  // No ETag. Express hashed every answer's body (SHA-1) for one, yet every answer is no-store
  // (security-headers.ts), so no browser or cache ever sends it back to revalidate.
  app.set('etag', false);
  return app;
}
