// A wire-protocol proxy in front of FerretDB that keeps every command its clients send (OP_MSG, the only
// opcode the Node driver sends after its handshake), and asks FerretDB's own `explain` how each query's
// filter is read. On FerretDB v1.24's SQLite backend `explain` answers SQLite's EXPLAIN QUERY PLAN for
// the same WHERE clause the query itself runs with (the backend's Query and Explain share the pushdown
// rule: an `_id` equality on a string or ObjectId, with tools/ferretdb/sqlite-id-pushdown.patch whatever
// else the filter says): `SEARCH … USING INDEX` is served by the `_id_` index, `SCAN` reads the whole table.
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { BSON, MongoClient, ObjectId, type Document } from 'mongodb';

const OP_MSG = 2013;

/** One filtered read or write as a client sent it. */
export type LoggedQuery = { db: string; collection: string; command: string; filter: Document };

/**
 * One command (one round trip) as a client sent it: `ops` counts the statements it carries (an update or
 * a delete of several statements, an insert of several documents), `tag` names the proxy port it came
 * through (see QueryLog.listen), `at` is when it arrived.
 */
export type LoggedCommand = {
  tag: string;
  db: string;
  collection: string;
  command: string;
  ops: number;
  /** find with limit 1 (findOne) */
  one: boolean;
  filter: Document;
  at: number;
};

/** The driver's own traffic (handshakes, monitoring, sessions, auth): not the application's reads and writes. */
const DRIVER_COMMANDS = new Set([
  'hello',
  'isMaster',
  'ismaster',
  'ping',
  'buildInfo',
  'buildinfo',
  'saslStart',
  'saslContinue',
  'endSessions',
  'killCursors',
  'getParameter',
]);

function commandOf(tag: string, cmd: Document, sequences: Record<string, Document[]>): LoggedCommand | undefined {
  const name = Object.keys(cmd)[0]!;
  if (DRIVER_COMMANDS.has(name)) return undefined;
  const statements: Record<string, string> = { update: 'updates', delete: 'deletes', insert: 'documents' };
  const list = statements[name]
    ? ((cmd[statements[name]] as Document[] | undefined) ?? sequences[statements[name]])
    : [];
  return {
    tag,
    db: String(cmd.$db ?? ''),
    collection: String(cmd[name]),
    command: name,
    ops: statements[name] ? (list?.length ?? 0) : 1,
    one: name === 'find' && (cmd.limit === 1 || cmd.singleBatch === true),
    filter: (name === 'find' ? cmd.filter : name === 'aggregate' ? cmd.pipeline?.[0]?.$match : cmd.query) ?? {},
    at: Date.now(),
  };
}

/** The filters a command carries: find, count, distinct, findAndModify, update, delete, aggregate ($match). */
function queriesOf(cmd: Document, sequences: Record<string, Document[]>): LoggedQuery[] {
  const name = Object.keys(cmd)[0]!;
  const db = String(cmd.$db ?? '');
  const collection = String(cmd[name]);
  const one = (filter: Document | undefined) => [{ db, collection, command: name, filter: filter ?? {} }];
  switch (name) {
    case 'find':
      return one(cmd.filter);
    case 'count':
    case 'distinct':
    case 'findAndModify':
    case 'findandmodify':
      return one(cmd.query);
    case 'update':
      return ((cmd.updates as Document[] | undefined) ?? sequences.updates ?? []).map((u) => ({
        db,
        collection,
        command: name,
        filter: u.q ?? {},
      }));
    case 'delete':
      return ((cmd.deletes as Document[] | undefined) ?? sequences.deletes ?? []).map((d) => ({
        db,
        collection,
        command: name,
        filter: d.q ?? {},
      }));
    case 'aggregate': {
      const first = (cmd.pipeline as Document[] | undefined)?.[0];
      return one(first?.$match);
    }
    default:
      return [];
  }
}

/** Splits one OP_MSG into its body and its document sequences. */
function parseOpMsg(message: Buffer): { body?: Document; sequences: Record<string, Document[]> } {
  const flags = message.readUInt32LE(16);
  const end = flags & 1 ? message.length - 4 : message.length; // checksumPresent
  let at = 20;
  let body: Document | undefined;
  const sequences: Record<string, Document[]> = {};
  while (at < end) {
    const kind = message[at]!;
    at += 1;
    if (kind === 0) {
      const size = message.readInt32LE(at);
      body = BSON.deserialize(message.subarray(at, at + size));
      at += size;
    } else {
      const size = message.readInt32LE(at);
      const sectionEnd = at + size;
      let p = at + 4;
      const nul = message.indexOf(0, p);
      const id = message.toString('utf8', p, nul);
      p = nul + 1;
      const docs: Document[] = [];
      while (p < sectionEnd) {
        const docSize = message.readInt32LE(p);
        docs.push(BSON.deserialize(message.subarray(p, p + docSize)));
        p += docSize;
      }
      sequences[id] = docs;
      at = sectionEnd;
    }
  }
  return { body, sequences };
}

export type QueryLog = {
  /** The proxy's base URI (no database). */
  uri: string;
  queries: LoggedQuery[];
  /** Every command (round trip) of every client, the driver's own traffic left out. */
  commands: LoggedCommand[];
  /** Another port onto the same log whose commands carry `tag` (one client of several, told apart). */
  listen(tag: string): Promise<string>;
  /** Every distinct query of `db` whose filter FerretDB reads by scanning its collection, with the plan. */
  scans(db: string): Promise<{ query: LoggedQuery; plan: string[] }[]>;
  close(): Promise<void>;
};

/** Filters told apart by their shape (field names and operators), not their values. */
export function shapeOf(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(shapeOf);
  if (v && typeof v === 'object' && !(v instanceof Date) && !('_bsontype' in v))
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shapeOf(x)]));
  return typeof v;
}

export async function startQueryLog(upstreamBaseUri: string): Promise<QueryLog> {
  const { hostname, port } = new URL(upstreamBaseUri);
  const queries: LoggedQuery[] = [];
  const commands: LoggedCommand[] = [];
  const sockets = new Set<Socket>();
  const servers: Server[] = [];
  const proxy = (tag: string) => (client: Socket) => {
    const upstream = connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    let pending = Buffer.alloc(0);
    client.on('data', (chunk) => {
      upstream.write(chunk);
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 16 && pending.length >= pending.readInt32LE(0)) {
        const size = pending.readInt32LE(0);
        const message = pending.subarray(0, size);
        pending = pending.subarray(size);
        if (message.readInt32LE(12) !== OP_MSG) continue;
        const { body, sequences } = parseOpMsg(message);
        if (!body) continue;
        queries.push(...queriesOf(body, sequences));
        const command = commandOf(tag, body, sequences);
        if (command) commands.push(command);
      }
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  };
  const listen = async (tag: string) => {
    const server = createServer(proxy(tag));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `mongodb://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  return {
    uri: await listen(''),
    queries,
    commands,
    listen,
    async scans(db: string) {
      const mongo = await MongoClient.connect(`${upstreamBaseUri}/${db}`);
      try {
        const seen = new Set<string>();
        const found: { query: LoggedQuery; plan: string[] }[] = [];
        for (const query of queries.filter((q) => q.db === db)) {
          const key = JSON.stringify([query.collection, query.command, shapeOf(query.filter)]);
          if (seen.has(key)) continue;
          seen.add(key);
          // The patched Query pushes an `_id` equality down whatever else the filter says; the backend's
          // Explain still does so only for a lone `_id`, so it is asked about the part the query narrows by.
          const id: unknown = query.filter._id;
          const byId = typeof id === 'string' || id instanceof ObjectId;
          const filter = byId ? { _id: id } : query.filter;
          const answer = await mongo.db(db).command({ explain: { find: query.collection, filter } });
          const plan = ((answer.queryPlanner as Document | undefined)?.Plan as string[] | undefined) ?? [];
          // A collection never written has no table: nothing is read.
          if (plan.some((line) => /detail=SCAN /.test(line))) found.push({ query, plan });
        }
        return found;
      } finally {
        await mongo.close();
      }
    },
    async close() {
      for (const s of sockets) s.destroy();
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}
