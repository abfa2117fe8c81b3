import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { JOURNEY_STAGES, STAGE_NAMES, type StageName } from '@portal/libs';

/** The journey's page paths: the only paths a stage record holds. */
const STAGE_PATHS = [...new Set(JOURNEY_STAGES.flatMap((s) => s.paths))];
const pathMessage = { message: `path must be one of ${STAGE_PATHS.join(', ')}` };

/** The position a page moves from: a repeat or a stale tab is answered where the journey is. */
export class FromPositionDto {
  @IsIn(STAGE_NAMES) pageName: StageName;
  @IsInt() @Min(1) @Max(3) pageStep: number;
}

/** POST /stage/{applicationId}/next and /previous. */
export class StepStageDto {
  @IsObject() @ValidateNested() @Type(() => FromPositionDto) from: FromPositionDto;
}

/** PATCH /stage/{applicationId}: the position the page moves to, and the one it moves from. */
export class UpdateStageDto extends StepStageDto {
  @IsIn(STAGE_NAMES) pageName: StageName;
  @IsInt() @Min(1) @Max(3) pageStep: number;
  @IsOptional() @IsIn(STAGE_PATHS, pathMessage) path?: string;
  @IsOptional() @IsBoolean() isPdfSent?: boolean;
}

/** POST /stage: the stage record of an application (created at sign-up; answered as it is). */
export class CreateStageDto {
  @IsString() @MaxLength(24) applicationId: string;
  @IsOptional() @IsIn(STAGE_NAMES) pageName?: StageName;
  @IsOptional() @IsIn(STAGE_PATHS, pathMessage) path?: string;
}
