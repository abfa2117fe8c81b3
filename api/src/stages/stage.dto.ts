import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { JOURNEY_STAGES, STAGE_NAMES, type StageName } from '@portal/libs';

/** The journey's page paths: the only paths a stage record holds. */
const STAGE_PATHS = [...new Set(JOURNEY_STAGES.flatMap((s) => s.paths))];
const pathMessage = { message: `path must be one of ${STAGE_PATHS.join(', ')}` };

/** PATCH /stage/{applicationId}: the position the page moves to. */
export class UpdateStageDto {
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
