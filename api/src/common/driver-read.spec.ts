import mongoose, { Schema, type Connection, type Model } from 'mongoose';
import { afterAll, beforeAll, beforeEach, expect, inject, it } from 'vitest';
import { startMongoCut, type MongoCut } from '../../../tests/support/mongo-cut';
import { findFirst, readById } from './driver-read';

// The reads by id run the find command as a command, which the driver never sends twice: findFirst sends
// it once more itself after a dropped connection, as the driver does for findOne. Against FerretDB, through
// a proxy that drops the connection of a read.
type Note = { text: string; n: number };
let cut: MongoCut;
let conn: Connection;
let notes: Model<Note>;
let id: mongoose.Types.ObjectId;

beforeAll(async () => {
  cut = await startMongoCut(inject('mongoBaseUri'));
  conn = await mongoose.createConnection(`${cut.uri}/driver-read-spec`, { maxPoolSize: 2 }).asPromise();
  notes = conn.model<Note>('Note', new Schema<Note>({ text: String, n: Number }), 'driverreadnotes');
  id = (await notes.create({ text: 'kept', n: 7 }))._id;
});

afterAll(async () => {
  await conn?.dropDatabase().catch(() => undefined);
  await conn?.close();
  await cut?.close();
});

beforeEach(() => cut.heal());

const findsOf = () => cut.finds.get('driverreadnotes') ?? 0;

it('answers the record as stored, its projection only, and null for none', async () => {
  expect(await readById(notes, id)).toMatchObject({ _id: id, text: 'kept', n: 7 });
  expect(await readById(notes, id, { n: 1 })).toEqual({ _id: id, n: 7 });
  expect(await readById(notes, new mongoose.Types.ObjectId())).toBeNull();
  expect(await readById(notes, 'not-an-id')).toBeNull();
  expect(await findFirst(notes, { text: 'kept' })).toMatchObject({ _id: id });
});

it('sends a read whose connection dropped once more, and answers it', async () => {
  const before = findsOf();
  cut.cutFindsOf('driverreadnotes', 1);
  expect(await readById(notes, id)).toMatchObject({ text: 'kept' });
  expect(findsOf() - before).toBe(2);
});

it('sends it no more than once more: a second drop is the caller’s error', async () => {
  const before = findsOf();
  cut.cutFindsOf('driverreadnotes', 2);
  await expect(readById(notes, id)).rejects.toMatchObject({ name: 'MongoNetworkError' });
  expect(findsOf() - before).toBe(2);
  expect(await readById(notes, id)).toMatchObject({ text: 'kept' });
});

it('never sends again a read the database refused', async () => {
  const before = findsOf();
  await expect(findFirst(notes, { $bogus: 1 })).rejects.toMatchObject({ name: 'MongoServerError' });
  expect(findsOf() - before).toBe(1);
});
