import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Client, Connection } from '@temporalio/client';
import { createDataConverter } from '@portal/workflows';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { ApplicationWorkflows } from './application-workflows.service';
import { TEMPORAL_CLIENT } from './temporal-client.token';

export { TEMPORAL_CLIENT };

@Global()
@Module({
  providers: [
    ApplicationWorkflows,
    {
      provide: TEMPORAL_CLIENT,
      inject: [SETTINGS],
      useFactory: async (s: ApiSettings) => {
        // Lazy: the api starts (and reports unhealthy) even while Temporal is still coming up.
        const connection = Connection.lazy({ address: s.TEMPORAL_ADDRESS });
        return new Client({ connection, namespace: s.TEMPORAL_NAMESPACE, dataConverter: await createDataConverter(s) });
      },
    },
  ],
  exports: [TEMPORAL_CLIENT, ApplicationWorkflows],
})
export class TemporalModule implements OnApplicationShutdown {
  constructor(@Inject(TEMPORAL_CLIENT) private readonly client: Client) {}
  async onApplicationShutdown() {
    await this.client.connection.close();
  }
}
