import { readFileSync } from 'node:fs';
import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Client, Connection } from '@temporalio/client';
import { temporalConnectionOptions } from '@portal/libs';
import { createDataConverter } from '@portal/workflows';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { temporalClientInterceptors } from '../common/tracing';
import { ApplicationWorkflows } from './application-workflows.service';
import { TEMPORAL_CLIENT } from './temporal-client.token';
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

export { TEMPORAL_CLIENT };

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
      provide: TEMPORAL_CLIENT,
      inject: [SETTINGS],
      useFactory: async (s: ApiSettings) => {
        // Lazy: the api starts (and reports unhealthy) even while Temporal is still coming up.
        // TLS, an mTLS client pair or a Temporal Cloud API key as the settings say (libs/src/config/connections.ts).
        const connection = Connection.lazy(temporalConnectionOptions(s, (path) => readFileSync(path)));
        return new Client({
          connection,
          namespace: s.TEMPORAL_NAMESPACE,
          dataConverter: await createDataConverter(s),
          interceptors: await temporalClientInterceptors(s), // traces (TRACES_URL), none when off
        });
      },
    },
  ],
  exports: [TEMPORAL_CLIENT, ApplicationWorkflows, WorkflowLeadChanges],
})
export class TemporalModule implements OnApplicationShutdown {
  constructor(@Inject(TEMPORAL_CLIENT) private readonly client: Client) {}
  async onApplicationShutdown() {
    await this.client.connection.close();
  }
}
