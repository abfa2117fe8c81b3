/**
 * The worker's one door to MongoDB: every collection it reads or writes, typed with the records the api's
 * schemas are checked against (libs/src/domain/records.ts). No other worker module calls db.collection, so
 * a field renamed in an api schema (and so in the shared record) stops the worker's build where it is read.
 *
 * Stored records are read as partial: a record written before a field existed lacks it. Look records up
 * by `_id` (the application's id): FerretDB v1.24 serves only `_id` from an index.
 */
import type { Db, ObjectId } from 'mongodb';
import {
  COLLECTIONS,
  WORKER_COLLECTIONS,
  type ApplicationEndFields,
  type ApplicationRecord,
  type BusinessRecord,
  type FileRecord,
  type OfferEmailFields,
  type OfferRecord,
  type OwnerRecord,
  type OwnerSetRecord,
  type UserRecord,
} from '@portal/libs';

/** A stored record as the worker reads it: any field may be missing in an older record. */
type Stored<T> = Partial<T> & { _id: ObjectId };

export type StoredBusiness = Stored<BusinessRecord<ObjectId>>;
export type StoredOwner = Partial<OwnerRecord>;

/** The collections, each opened when first used (an activity factory may be given no database it needs). */
export function recordsOf(db: Db) {
  return {
    get applications() {
      return db.collection<Stored<ApplicationRecord<ObjectId> & ApplicationEndFields>>(COLLECTIONS.applications);
    },
    get businesses() {
      return db.collection<StoredBusiness>(COLLECTIONS.businesses);
    },
    get ownerSets() {
      return db.collection<Stored<Omit<OwnerSetRecord<ObjectId>, 'owners'> & { owners: StoredOwner[] }>>(
        COLLECTIONS.ownersets,
      );
    },
    get offers() {
      return db.collection<Stored<OfferRecord<ObjectId> & OfferEmailFields>>(COLLECTIONS.offers);
    },
    get users() {
      return db.collection<Stored<UserRecord<ObjectId>>>(COLLECTIONS.users);
    },
    /** A sign request's id → its application: the api's lookup when Box's webhook names the request. */
    get signatures() {
      return db.collection<{ _id: string; applicationId: ObjectId }>(COLLECTIONS.signatures);
    },
    get files() {
      return db.collection<Stored<FileRecord<ObjectId>>>(COLLECTIONS.files);
    },
    /** An application's files by id (the api's ApplicationFileIndex): its files are read each by `_id`. */
    get applicationFiles() {
      return db.collection<{ _id: string; fileIds: ObjectId[] }>(COLLECTIONS.applicationfiles);
    },
    /** One mark per reminder email sent (sendReminderEmail). */
    get reminders() {
      return db.collection<{ _id: string; sentAt: Date }>(WORKER_COLLECTIONS.reminders);
    },
    /** One mark per 'Download my data' email sent, by export id (mailDataExport). */
    get dataExportMails() {
      return db.collection<{ _id: string; sentAt: Date }>(WORKER_COLLECTIONS.dataexportmails);
    },
    /** One claim per offer email going out, by the attempt sending it (sendOfferEmail). */
    get offerEmails() {
      return db.collection<{ _id: string; attempt: string; at: Date }>(WORKER_COLLECTIONS.offeremails);
    },
    /**
     * Each sign request's id, kept the moment Box answers, by its external id (prepareSignRequest); a record
     * without one marks a try that got as far as making the request.
     */
    get signRequests() {
      return db.collection<{ _id: string; signRequestId?: string; triedAt?: Date }>(WORKER_COLLECTIONS.boxsignrequests);
    },
  };
}

export type Records = ReturnType<typeof recordsOf>;
