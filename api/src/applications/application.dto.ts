import { IsInt, IsMongoId, IsOptional, Max, Min } from 'class-validator';

/**
 * What the applicant may set on their application. The CRM ids, the status and the accepted date are
 * written by the workflow from what the CRM answers; a body that carries them is refused outright.
 */
export class ApplicationChangesDto {
  @IsOptional() @IsInt({ message: 'topUp must be a whole number' }) @Min(0) @Max(99_000_000) topUp?: number;
}

export class CreateApplicationDto extends ApplicationChangesDto {
  @IsOptional() @IsMongoId() userId?: string;
}
