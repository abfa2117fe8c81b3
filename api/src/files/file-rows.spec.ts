import { mongo, Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { FileRows, type FileRow } from './file-rows';

/** A File row as the driver hands it over: decoded from BSON, its ids where BSON put them. */
const readRow = (): FileRow =>
  mongo.BSON.deserialize(
    mongo.BSON.serialize({
      _id: new Types.ObjectId(),
      applicationId: new Types.ObjectId(),
      fileName: 'bank-statement-1.pdf',
      filePath: 'documents/a/b/bank-statement-1.pdf',
      fileType: 'bank_statement',
      monthLabel: 'September 2026',
      size: 1234,
      advice: [],
      createdAt: new Date(),
    }),
  ) as FileRow;

describe('File rows kept in memory', () => {
  it("keep their ids in 12 bytes of their own, not the buffer pool's slab the read left them in", () => {
    const row = readRow();
    // As read, each id is a view into a slab of Node's buffer pool (64 KiB on Node 24).
    expect(row._id.id.buffer.byteLength).toBeGreaterThan(12);
    expect(row.applicationId.id.buffer.byteLength).toBeGreaterThan(12);
    const rows = new FileRows();
    rows.keep(row);
    const kept = rows.get(row._id)!;
    expect(kept._id.id.buffer.byteLength).toBe(12);
    expect(kept.applicationId.id.buffer.byteLength).toBe(12);
    expect(kept._id.equals(row._id)).toBe(true);
    expect(kept.applicationId.equals(row.applicationId)).toBe(true);
    expect(kept).toEqual({ ...row, _id: kept._id, applicationId: kept.applicationId });
    expect(String(kept._id)).toBe(String(row._id));
    expect(String(kept.applicationId)).toBe(String(row.applicationId));
  });

  it('keep a row just written (an id parsed from hex) the same way', () => {
    const id = new Types.ObjectId('65f0c0ffee00000000000001');
    expect(id.id.buffer.byteLength).toBeGreaterThan(12);
    const rows = new FileRows();
    rows.keep({ ...readRow(), _id: id });
    expect(rows.get(id)!._id.id.buffer.byteLength).toBe(12);
    expect(String(rows.get(id)!._id)).toBe('65f0c0ffee00000000000001');
  });
});
