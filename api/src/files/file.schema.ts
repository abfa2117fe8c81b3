import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, type HydratedDocument, type Types } from 'mongoose';

/** An uploaded document (section 3 'File'): the bytes live in S3 under filePath. */
@Schema({ timestamps: true, collection: 'files' })
export class StoredFile {
  @Prop({ type: SchemaTypes.ObjectId, required: true, index: true }) applicationId: Types.ObjectId;
  @Prop({ required: true }) fileName: string;
  @Prop({ required: true }) filePath: string;
  @Prop({ required: true }) fileType: string;
  @Prop() monthLabel?: string;
  @Prop({ required: true }) size: number;
}
export type StoredFileDocument = HydratedDocument<StoredFile>;
export const StoredFileSchema = SchemaFactory.createForClass(StoredFile);
