import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { traceS3 } from '@portal/libs/dist/telemetry/client-span';
import { s3ClientOptions } from '@portal/libs';
import { SETTINGS, type ApiSettings } from '../config/settings.module';

/** Reads a built archive from S3 as a stream, for its owner's download (the api's role reads exports/*). */
@Injectable()
export class DataExportStore implements OnModuleDestroy {
  private readonly client: S3Client;

  constructor(@Inject(SETTINGS) private readonly settings: ApiSettings) {
    this.client = traceS3(new S3Client(s3ClientOptions(settings)));
  }

  /** The archive's bytes and length, or undefined when it is gone. */
  async read(key: string): Promise<{ body: Readable; length?: number } | undefined> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.settings.S3_BUCKET, Key: key }));
      return { body: res.Body as Readable, length: res.ContentLength };
    } catch (e) {
      if ((e as { name?: string }).name === 'NoSuchKey') return undefined;
      throw e;
    }
  }

  onModuleDestroy() {
    this.client.destroy();
  }
}
