import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

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

/** The object an id names, by its key prefix. */
export const typeOfId = (id: string): string | undefined =>
  Object.keys(PREFIX).find((type) => id.startsWith(PREFIX[type]!));

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An 18-character id with the object's key prefix (the last 3 characters stand in for the checksum). */
export function newId(type: string): string {
  const body = [...randomBytes(15)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${PREFIX[type] ?? 'a0X'}${body}`;
}

/** A line of the journal: a record as it now is, a record removed, or everything removed. */
type Change = { put: string; record: SObject } | { del: string; id: string } | { reset: true };

/**
 * Records by sObject type, kept in a JSON file when one is given so they survive restarts, and found by
 * their id through an index (Salesforce's 15-character form too) rather than a scan of their type.
 *
 * Rewriting the whole file for every batch of changes cost the stand-in more per journey as a
 * run's records piled up. Changes now go to a journal beside the file (`<file>.journal`, one JSON line per
 * record changed), appended at most once per `delayMs`; the file itself is written whole only at close
 * (and at the process's end), and at start, after the journal is replayed into it. A stand-in killed
 * outright loses at most the last `delayMs` of changes, as before.
 */
export class Store {
  private data: Record<string, SObject[]> = {};
  /** `<type>:<id>` and `<type>:<the id's first 15 characters>` → the record. */
  private byId = new Map<string, SObject>();
  /** `<type>:<id>` of the records changed since the journal was last written (insertion order kept). */
  private readonly dirty = new Map<string, { type: string; id: string }>();
  private resetPending = false;
  private due?: NodeJS.Timeout;
  private readonly journal?: string;

  constructor(
    private readonly file?: string,
    private readonly delayMs = 250,
  ) {
    if (!file) return;
    this.journal = `${file}.journal`;
    if (existsSync(file)) this.data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, SObject[]>;
    this.reindex();
    if (existsSync(this.journal)) {
      for (const line of readFileSync(this.journal, 'utf8').split('\n')) {
        if (!line.trim()) continue;
        let change: Change;
        try {
          change = JSON.parse(line) as Change;
        } catch {
          break; // a line cut short by a kill: the changes before it are whole
        }
        this.replay(change);
      }
      this.writeWhole();
    }
    process.once('exit', () => this.flush());
  }

  private key = (type: string, id: string) => `${type}:${id}`;

  private reindex() {
    this.byId = new Map();
    for (const [type, list] of Object.entries(this.data)) for (const r of list) this.index(type, r);
  }

  private index(type: string, r: SObject) {
    this.byId.set(this.key(type, r.Id), r);
    if (r.Id.length > 15 && !this.byId.has(this.key(type, r.Id.slice(0, 15))))
      this.byId.set(this.key(type, r.Id.slice(0, 15)), r);
  }

  private unindex(type: string, r: SObject) {
    this.byId.delete(this.key(type, r.Id));
    if (this.byId.get(this.key(type, r.Id.slice(0, 15))) === r) this.byId.delete(this.key(type, r.Id.slice(0, 15)));
  }

  private replay(change: Change) {
    if ('reset' in change) {
      this.data = {};
      this.byId = new Map();
    } else if ('put' in change) {
      const old = this.byId.get(this.key(change.put, change.record.Id));
      if (old) Object.assign(old, change.record);
      else {
        this.all(change.put).push(change.record);
        this.index(change.put, change.record);
      }
    } else this.removeRecord(change.del, change.id);
  }

  all(type: string): SObject[] {
    return (this.data[type] ??= []);
  }

  get(type: string, id: string): SObject | undefined {
    // Salesforce accepts the 15-character form of an id as well.
    return this.byId.get(this.key(type, id));
  }

  insert(type: string, fields: Record<string, unknown>): SObject {
    const record: SObject = { ...fields, Id: newId(type), CreatedDate: new Date().toISOString() };
    this.all(type).push(record);
    this.index(type, record);
    this.save(type, record.Id);
    return record;
  }

  update(type: string, id: string, fields: Record<string, unknown>): SObject | undefined {
    const record = this.get(type, id);
    if (!record) return undefined;
    Object.assign(record, fields, { Id: record.Id, LastModifiedDate: new Date().toISOString() });
    this.save(type, record.Id);
    return record;
  }

  /** A record put back as it was (a rolled-back write): fields added since are gone again. */
  restore(type: string, was: SObject) {
    const record = this.get(type, was.Id);
    if (!record) return;
    for (const field of Object.keys(record)) delete record[field];
    Object.assign(record, was);
    this.save(type, record.Id);
  }

  remove(type: string, id: string): boolean {
    const record = this.get(type, id);
    if (!record || !this.removeRecord(type, record.Id)) return false;
    this.save(type, record.Id);
    return true;
  }

  private removeRecord(type: string, id: string): boolean {
    const list = this.all(type);
    const i = list.findIndex((r) => r.Id === id);
    if (i < 0) return false;
    this.unindex(type, list[i]!);
    list.splice(i, 1);
    return true;
  }

  reset() {
    this.data = {};
    this.byId = new Map();
    this.dirty.clear();
    this.resetPending = true;
    this.schedule();
  }

  private save(type: string, id: string) {
    this.dirty.set(this.key(type, id), { type, id });
    this.schedule();
  }

  private schedule() {
    if (!this.file || this.due) return;
    this.due = setTimeout(() => this.append(), this.delayMs);
    this.due.unref();
  }

  /** The records changed since the last time, each as it now is (or its removal), to the journal. */
  private append() {
    clearTimeout(this.due);
    this.due = undefined;
    if (!this.journal) return;
    const lines: string[] = [];
    if (this.resetPending) lines.push(JSON.stringify({ reset: true }));
    for (const { type, id } of this.dirty.values()) {
      const record = this.byId.get(this.key(type, id));
      lines.push(JSON.stringify(record ? { put: type, record } : { del: type, id }));
    }
    this.resetPending = false;
    this.dirty.clear();
    if (!lines.length) return;
    mkdirSync(dirname(this.journal), { recursive: true });
    appendFileSync(this.journal, `${lines.join('\n')}\n`);
  }

  /** The whole file, and no journal. */
  private writeWhole() {
    if (!this.file || !this.journal) return;
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(this.file, JSON.stringify(this.data));
    rmSync(this.journal, { force: true });
  }

  /** Writes what changed now (the stand-in closes): the whole file, the journal folded into it. */
  flush() {
    if (!this.file) return;
    const changed = this.due !== undefined || this.resetPending || this.dirty.size > 0 || existsSync(this.journal!);
    clearTimeout(this.due);
    this.due = undefined;
    this.dirty.clear();
    this.resetPending = false;
    if (changed) this.writeWhole();
  }
}
