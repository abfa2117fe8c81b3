import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { STAGE_NAMES, type StageName } from '@portal/libs';

/** PATCH /stage/{applicationId}: the position the page moves to. */
export class UpdateStageDto {
  @IsIn(STAGE_NAMES) pageName: StageName;
  @IsInt() @Min(1) @Max(3) pageStep: number;
  @IsOptional() @IsString() @MaxLength(40) path?: string;
  @IsOptional() @IsBoolean() isPdfSent?: boolean;
}

/** POST /stage: the stage record of an application (created at sign-up; answered as it is). */
export class CreateStageDto {
  @IsString() @MaxLength(24) applicationId: string;
  @IsOptional() @IsIn(STAGE_NAMES) pageName?: StageName;
  @IsOptional() @IsString() @MaxLength(40) path?: string;
}
