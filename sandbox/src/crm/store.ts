import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { stateFile } from '../state-file';

export type SObject = Record<string, unknown> & { Id: string };

/** Salesforce key prefixes of the objects the portal touches. */
const PREFIX: Record<string, string> = {
  Lead: '00Q',
  Account: '001',
  Contact: '003',
  Opportunity: '006',
  User: '005',
  ContentVersion: '068',
  ContentDocument: '069',
  ContentDocumentLink: '06A',
  RecordType: '012',
  Group: '00G',
};

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An 18-character id with the object's key prefix (the last 3 characters stand in for the checksum). */
export function newId(type: string): string {
  const body = [...randomBytes(15)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${PREFIX[type] ?? 'a0X'}${body}`;
}

/** Records by sObject type, kept in a JSON file when one is given so they survive restarts. */
export class Store {
  private data: Record<string, SObject[]> = {};

  private readonly stored: ReturnType<typeof stateFile>;

  constructor(file?: string) {
    if (file && existsSync(file)) this.data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, SObject[]>;
    this.stored = stateFile(file, () => this.data);
  }

  all(type: string): SObject[] {
    return (this.data[type] ??= []);
  }

  get(type: string, id: string): SObject | undefined {
    // Salesforce accepts the 15-character form of an id as well.
    return this.all(type).find((r) => r.Id === id || r.Id.slice(0, 15) === id);
  }

  insert(type: string, fields: Record<string, unknown>): SObject {
    const record: SObject = { ...fields, Id: newId(type), CreatedDate: new Date().toISOString() };
    this.all(type).push(record);
    this.save();
    return record;
  }

  update(type: string, id: string, fields: Record<string, unknown>): SObject | undefined {
    const record = this.get(type, id);
    if (!record) return undefined;
    Object.assign(record, fields, { Id: record.Id, LastModifiedDate: new Date().toISOString() });
    this.save();
    return record;
  }

  remove(type: string, id: string): boolean {
    const list = this.all(type);
    const i = list.findIndex((r) => r.Id === id);
    if (i < 0) return false;
    list.splice(i, 1);
    this.save();
    return true;
  }

  reset() {
    this.data = {};
    this.save();
  }

  private save() {
    this.stored.save();
  }

  /** Writes what changed now (the stand-in closes). */
  flush() {
    this.stored.flush();
  }
}
