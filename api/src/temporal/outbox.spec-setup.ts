import { MongoClient } from 'mongodb';
import { afterAll, beforeAll } from 'vitest';
import { ownTemporal } from '../../../tests/support/own-servers';
import { startSlice } from '../../../tests/support/slice';
import { holdFor } from '../../../tests/support/until';

/**
 * The set-up the outbox spec files share: a Temporal dev server of the file's own (on a database file, so that
 * it restarts with its data), an api slice on it with `env` over its settings, and a connection to the slice's
 * database.
 */
export function outageSlice(prefix: string, env?: Record<string, string>) {
  const temporal = ownTemporal(prefix);
  let slice: Awaited<ReturnType<typeof startSlice>> | undefined;
  let mongo: MongoClient | undefined;
  beforeAll(async () => {
    await temporal.start();
    slice = await startSlice({ temporalAddress: temporal.address(), env });
    mongo = await MongoClient.connect(slice.env.MONGODB_URI);
  });
  afterAll(async () => {
    // Calls the api made while Temporal was down may still hold a gRPC retry timer (@temporalio/client backs
    // off up to 5 s, plus 20% jitter); closing the connection under it makes that timer throw 'Channel has
    // been shut down' as an uncaught error. Temporal is back by now, so one last interval lets them settle.
    await holdFor(6_500, 'the gRPC retry timers have no event to wait on; one full back-off interval outlasts them');
    await slice?.close();
    await mongo?.close();
    await temporal.close();
  });
  return {
    temporal,
    get slice() {
      return slice!;
    },
    get mongo() {
      return mongo!;
    },
  };
}
