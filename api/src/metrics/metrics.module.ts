import { Module, type OnModuleInit } from '@nestjs/common';
import { InjectModel, MongooseModule } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { OutboxApplication, OutboxApplicationSchema, OutboxEntry, OutboxEntrySchema } from '../temporal/outbox.schema';
import { countOutboxWith } from '../common/metrics';

/**
 * Gives the outbox gauges their count, taken at scrape time: `estimatedDocumentCount` is the `count`
 * command without a filter, which MongoDB answers from the collection's metadata (no scan, no index
 * needed); on FerretDB it counts the outbox, which is empty unless Temporal was unreachable.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: OutboxEntry.name, schema: OutboxEntrySchema },
      { name: OutboxApplication.name, schema: OutboxApplicationSchema },
    ]),
  ],
})
export class MetricsModule implements OnModuleInit {
  constructor(
    @InjectModel(OutboxEntry.name) private readonly entries: Model<OutboxEntry>,
    @InjectModel(OutboxApplication.name) private readonly applications: Model<OutboxApplication>,
  ) {}

  onModuleInit() {
    countOutboxWith(async () => {
      const [entries, applications] = await Promise.all([
        this.entries.estimatedDocumentCount(),
        this.applications.estimatedDocumentCount(),
      ]);
      return { entries, applications };
    });
  }
}
