import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import mongoose, { type Connection } from 'mongoose';
import { quietPoolChecks } from '@portal/libs';
import { SETTINGS, type ApiSettings } from './settings.module';

const CONNECTION = getConnectionToken();
/** As @nestjs/mongoose's forRoot tried: FerretDB may still be starting beside the api. */
const TRIES = 10;
const PAUSE_MS = 3_000;

/**
 * The api's one MongoDB connection (Mongoose, under @nestjs/mongoose's token, so every feature's
 * MongooseModule.forFeature and @InjectConnection find it). Made here rather than by MongooseModule.forRoot:
 * Mongoose makes its client and connects it in one call, with no way to set the driver's pool check interval
 * between the two (quietPoolChecks).
 */
export async function connectDatabase(uri: string): Promise<Connection> {
  const client = quietPoolChecks(new mongoose.mongo.MongoClient(uri, { serverSelectionTimeoutMS: 5000 }));
  await client.connect();
  return mongoose.createConnection().setClient(client);
}

@Global()
@Module({
  providers: [
    {
      provide: CONNECTION,
      inject: [SETTINGS],
      useFactory: async (s: ApiSettings) => {
        for (let tried = 1; ; tried++) {
          try {
            return await connectDatabase(s.MONGODB_URI);
          } catch (e) {
            if (tried >= TRIES) throw e;
            new Logger(DatabaseModule.name).warn({ msg: 'MongoDB unreachable: trying again', tried });
            await new Promise((r) => setTimeout(r, PAUSE_MS));
          }
        }
      },
    },
  ],
  exports: [CONNECTION],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(CONNECTION) private readonly connection: Connection) {}

  async onApplicationShutdown() {
    await this.connection.close();
  }
}
