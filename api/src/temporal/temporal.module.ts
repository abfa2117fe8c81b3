import { readFileSync } from 'node:fs';
import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { MongooseModule, getConnectionToken } from '@nestjs/mongoose';
import type { Connection as MongoConnection } from 'mongoose';
import { Client, Connection } from '@temporalio/client';
import { temporalConnectionOptions } from '@portal/libs';
import { createDataConverter } from '@portal/workflows';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { temporalClientInterceptors } from '../common/tracing';
import { ApplicationWorkflows } from './application-workflows.service';
import { DATA_CONVERTER, TEMPORAL_CLIENT } from './temporal-client.token';
import { applicationKeyVault } from './application-key-vault';
import {
  OutboxApplication,
  OutboxApplicationSchema,
  OutboxEntry,
  OutboxEntrySchema,
  OutboxList,
  OutboxListSchema,
} from './outbox.schema';
import { WorkflowOutbox } from './workflow-outbox.service';
import { PendingLead, PendingLeadSchema, WorkflowLeadChanges } from './workflow-lead-changes';

export { DATA_CONVERTER, TEMPORAL_CLIENT };

type DataConverter = Awaited<ReturnType<typeof createDataConverter>>;

@Global()
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: OutboxEntry.name, schema: OutboxEntrySchema },
      { name: OutboxApplication.name, schema: OutboxApplicationSchema },
      { name: OutboxList.name, schema: OutboxListSchema },
      { name: PendingLead.name, schema: PendingLeadSchema },
    ]),
  ],
  providers: [
    ApplicationWorkflows,
    WorkflowOutbox,
    WorkflowLeadChanges,
    {
      // Each application's payloads under its own key, kept in MongoDB (docs/decisions/015).
      provide: DATA_CONVERTER,
      inject: [SETTINGS, getConnectionToken()],
      useFactory: (s: ApiSettings, mongo: MongoConnection) => createDataConverter(s, applicationKeyVault(mongo)),
    },
    {
      provide: TEMPORAL_CLIENT,
      inject: [SETTINGS, DATA_CONVERTER],
      useFactory: async (s: ApiSettings, dataConverter: DataConverter) => {
        // Lazy: the api starts (and reports unhealthy) even while Temporal is still coming up.
        // TLS, an mTLS client pair or a Temporal Cloud API key as the settings say (libs/src/config/connections.ts).
        const connection = Connection.lazy(temporalConnectionOptions(s, (path) => readFileSync(path)));
        return new Client({
          connection,
          namespace: s.TEMPORAL_NAMESPACE,
          dataConverter,
          interceptors: await temporalClientInterceptors(s), // traces (TRACES_URL), none when off
        });
      },
    },
  ],
  exports: [TEMPORAL_CLIENT, DATA_CONVERTER, ApplicationWorkflows, WorkflowLeadChanges, WorkflowOutbox],
})
export class TemporalModule implements OnApplicationShutdown {
  constructor(@Inject(TEMPORAL_CLIENT) private readonly client: Client) {}
  async onApplicationShutdown() {
    await this.client.connection.close();
  }
}
