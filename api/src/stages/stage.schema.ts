import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, type HydratedDocument, type Types } from 'mongoose';
import { STAGE_NAMES } from '@portal/libs';

@Schema({ timestamps: true, collection: 'stages' })
export class Stage {
  @Prop({ type: SchemaTypes.ObjectId, required: true, unique: true }) applicationId: Types.ObjectId;
  @Prop({ required: true, enum: STAGE_NAMES }) pageName: string;
  @Prop({ required: true }) pageStep: number;
  @Prop({ required: true }) path: string;
  @Prop({ default: false }) isPdfSent: boolean;
}
export type StageDocument = HydratedDocument<Stage>;
export const StageSchema = SchemaFactory.createForClass(Stage);
