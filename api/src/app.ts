import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import { AppModule } from './app.module';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { useJsonBodies } from './common/json-body';
import { createValidationPipe } from './common/validation.pipe';

/** Builds the api as main.ts serves it; tests use the same function. */
export async function createApp(): Promise<NestExpressApplication> {
  // Body parsing is ours (json-body.ts): Nest's default would also parse urlencoded and answer a
  // too-large body with a 500. rawBody keeps the bytes for the Box webhook's signature check.
  const app = await NestFactory.create<NestExpressApplication>(AppModule, {
    rawBody: true,
    bodyParser: false,
    bufferLogs: false,
  });
  // Behind the web origin's reverse proxy: the client address (for rate limits) is in X-Forwarded-For.
  app.set('trust proxy', 'loopback, uniquelocal');
  app.use(cookieParser());
  useJsonBodies(app);
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());
  app.enableShutdownHooks();
  app.disable('x-powered-by');
  return app;
}
