// A wire-protocol proxy in front of FerretDB that cuts the connection of a write (or a read) of one
// collection while told to: the driver sees the database go away mid-command (MongoNetworkError, after its
// one retry), as in an outage, while every other read and write (the payload keys, other collections)
// goes through.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { BSON } from 'mongodb';

const OP_MSG = 2013;

/** The command an OP_MSG carries (its body's first field) and the collection it names. */
function commandOf(message: Buffer): { name: string; collection: string } | undefined {
  if (message.readInt32LE(12) !== OP_MSG || message[20] !== 0) return undefined;
  const size = message.readInt32LE(21);
  const body = BSON.deserialize(message.subarray(21, 21 + size));
  const name = Object.keys(body)[0];
  return name ? { name, collection: String(body[name]) } : undefined;
}

export type MongoCut = {
  /** The proxy's base URI (no database). */
  uri: string;
  /** From now on, the connection of each `update` of `collection` is cut before FerretDB gets it. */
  cutUpdatesOf(collection: string): void;
  /**
   * The connection of the next `count` finds of `collection` is cut before FerretDB gets them (a connection
   * dropped, or a replica set's election, under a read); the finds after them go through.
   */
  cutFindsOf(collection: string, count: number): void;
  /** The finds of each collection that reached the proxy, cut or not. */
  finds: Map<string, number>;
  /** Writes and reads go through again. */
  heal(): void;
  close(): Promise<void>;
};

export async function startMongoCut(upstreamBaseUri: string): Promise<MongoCut> {
  const { hostname, port } = new URL(upstreamBaseUri);
  const sockets = new Set<Socket>();
  let cut: string | undefined;
  const findCuts = new Map<string, number>();
  const finds = new Map<string, number>();
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    let pending = Buffer.alloc(0);
    // Whole messages only, each looked at before it goes on.
    client.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 16 && pending.length >= pending.readInt32LE(0)) {
        const message = pending.subarray(0, pending.readInt32LE(0));
        pending = pending.subarray(message.length);
        const command = commandOf(message);
        if (cut && command?.name === 'update' && command.collection === cut) return close();
        if (command?.name === 'find') {
          finds.set(command.collection, (finds.get(command.collection) ?? 0) + 1);
          const left = findCuts.get(command.collection) ?? 0;
          if (left > 0) {
            findCuts.set(command.collection, left - 1);
            return close();
          }
        }
        upstream.write(message);
      }
    });
    upstream.on('data', (chunk) => client.write(chunk));
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    uri: `mongodb://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cutUpdatesOf(collection) {
      cut = collection;
    },
    cutFindsOf(collection, count) {
      findCuts.set(collection, count);
    },
    finds,
    heal() {
      cut = undefined;
      findCuts.clear();
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
