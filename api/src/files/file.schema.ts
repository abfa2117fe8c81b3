import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, type HydratedDocument, type Types } from 'mongoose';
import {
  COLLECTIONS,
  type CashReading,
  type FileRecord,
  type RecordFields,
  type SameFields,
  type StatementAdviceNote,
  type StatementReview,
} from '@portal/libs';

/** An uploaded document (a File row): the bytes live in S3 under filePath. */
@Schema({ timestamps: true, collection: COLLECTIONS.files })
export class StoredFile implements FileRecord<Types.ObjectId> {
  @Prop({ type: SchemaTypes.ObjectId, required: true, index: true }) applicationId: Types.ObjectId;
  @Prop({ required: true }) fileName: string;
  @Prop({ required: true }) filePath: string;
  @Prop({ required: true }) fileType: string;
  @Prop() monthLabel?: string;
  @Prop({ required: true }) size: number;
  /** What reading a bank statement advised at upload: advice only, the file is kept. */
  @Prop({ type: [{ _id: false, code: String, periodStart: String, periodEnd: String }], default: [] })
  advice: StatementAdviceNote[];
  /** 'bank' when fetched from the applicant's connected bank; uploads have none. */
  @Prop() source?: string;
  /**
   * A bank statement's daily balances and deposits as its text reads, or why they could
   * not be read: for the offers page's affordability, computed on the api; never answered to the browser.
   */
  @Prop({ type: Object }) cash?: CashReading;
  /** A bank statement's review for the rep (edit traces, arithmetic): to the CRM and operators, never the browser. */
  @Prop({ type: Object }) review?: StatementReview;
}
/** The schema has exactly the shared record's fields (the worker reads them through it). */
export type StoredFileFields = SameFields<RecordFields<StoredFile, FileRecord<Types.ObjectId>>>;
export type StoredFileDocument = HydratedDocument<StoredFile>;
export const StoredFileSchema = SchemaFactory.createForClass(StoredFile);
