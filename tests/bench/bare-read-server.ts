// The read path's baseline: a bare node:http handler with the native MongoDB driver doing the reads of
// GET /api/user/by-email (the user, their applications, the stages, and each application's business,
// owners and offer), answering them as JSON, with the api's query shapes (every record by `_id`: the
// application the user names, its records under the application's id). No session, XSRF, ownership,
// PII or logging.
// Env: MONGODB_URI, PORT. GET /user/<userId>.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type * as Mongo from 'mongodb';

const { MongoClient, ObjectId } = createRequire(import.meta.url)('mongodb') as typeof Mongo;
const client = new MongoClient(process.env.MONGODB_URI!);
await client.connect();
const db = client.db();

async function read(userId: string) {
  const _id = new ObjectId(userId);
  const user = await db.collection('users').findOne({ _id });
  if (!user) return undefined;
  const app = user.applicationId ? await db.collection('applications').findOne({ _id: user.applicationId }) : null;
  const applications = app ? [app] : [];
  const data = await Promise.all(
    applications.map(async (a) => {
      const [business, owners, offer, stage] = await Promise.all([
        db.collection('businesses').findOne({ _id: a._id }),
        db.collection('ownersets').findOne({ _id: a._id }),
        db.collection('offers').findOne({ _id: a._id }),
        db.collection('stages').findOne({ _id: a._id }),
      ]);
      return { ...a, business: business ? [business] : [], owners, offer: offer ? [offer] : [], stage: [stage] };
    }),
  );
  return { data: { ...user, passwordHash: undefined, applications: data } };
}

const server = createServer((req, res) => {
  const m = /^\/user\/([0-9a-f]{24})$/.exec(req.url ?? '');
  if (!m) {
    res.writeHead(404).end();
    return;
  }
  read(m[1]!).then(
    (body) => {
      if (!body) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    },
    (e: Error) => res.writeHead(500).end(e.message),
  );
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`bare read server on ${process.env.PORT}`));
