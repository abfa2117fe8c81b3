// The MongoDB driver checks each pool's minimum size on a timer, 100 ms unless told (an internal option the
// driver takes only on the client's parsed options): the api's and the worker's clients are held to
// MONGO_POOL_CHECK_MS, read from the pools the driver made. Fails if a driver upgrade renames the option.
import { MongoClient } from 'mongodb';
import type { Connection } from 'mongoose';
import { afterAll, expect, inject, it } from 'vitest';
import { MONGO_POOL_CHECK_MS, quietPoolChecks } from '@portal/libs';
import { connectDatabase } from './database.module';

type Pools = { topology?: { s: { servers: Map<string, { pool: { options: Record<string, unknown> } }> } } };
const checkEvery = (client: unknown) =>
  [...((client as Pools).topology?.s.servers.values() ?? [])].map((s) => s.pool.options.minPoolSizeCheckFrequencyMS);

const uri = `${inject('mongoBaseUri')}/portal-pool-${Date.now()}`;
const open: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(open.map((c) => c.close())));

it("the api's connection (Mongoose's driver) checks its pool every MONGO_POOL_CHECK_MS", async () => {
  const connection: Connection = await connectDatabase(uri);
  open.push(connection);
  await connection.db!.collection('probe').findOne({});
  expect(checkEvery(connection.getClient())).toEqual([MONGO_POOL_CHECK_MS]);
});

it("the worker's client (the driver the worker imports) does too, and the driver's default is 100 ms", async () => {
  const quiet = await quietPoolChecks(new MongoClient(uri)).connect();
  const plain = await new MongoClient(uri).connect();
  open.push(quiet, plain);
  expect(checkEvery(quiet)).toEqual([MONGO_POOL_CHECK_MS]);
  expect(checkEvery(plain)).toEqual([100]);
});
