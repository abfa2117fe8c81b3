import type { Readable } from 'node:stream';

/** Stores the file's bytes (S3): `size` is exact, and the body ends short of it if the put is abandoned. */
export type Put = (body: Readable, size: number, signal: AbortSignal) => Promise<unknown>;

/** Where `decide` sends a form's file: its key, and the put that stores it (none: the file is only spooled). */
export type Destination = { key: string; put?: Put };

/** Turns a form's fields into its file's destination, or refuses. */
export type Decide = (fields: Record<string, string>) => Promise<Destination>;

export type SpooledUpload = {
  key: string;
  fields: Record<string, string>;
  /** The file's bytes on local disk, until `dispose()`. */
  path: string;
  size: number;
  /**
   * The destination's put, when it has one: the bytes were streamed to it as they arrived (or, when that was
   * not possible, they are put from the spool now). Await it before `dispose()`.
   */
  stored?: Promise<void>;
  dispose: () => Promise<void>;
};
