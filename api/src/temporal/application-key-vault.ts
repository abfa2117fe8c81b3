import type { Connection } from 'mongoose';
import { APPLICATION_KEYS_COLLECTION, type ApplicationKeyRecord, type ApplicationKeyVault } from '@portal/workflows';

/**
 * The applications' payload keys in MongoDB, through the driver of the api's own connection (read when
 * asked: the connection may still be opening when the Temporal client is made).
 */
export function applicationKeyVault(connection: Connection): ApplicationKeyVault {
  const keys = () => connection.db!.collection<ApplicationKeyRecord>(APPLICATION_KEYS_COLLECTION);
  return {
    findOne: (filter) => keys().findOne(filter),
    insertOne: (doc) => keys().insertOne(doc),
    replaceOne: (filter, doc, options) => keys().replaceOne(filter, doc, options),
  };
}
