import { IsString, Matches, MaxLength } from 'class-validator';
import { API_CODES } from '@portal/libs';

/** POST /bank/*: the application, by its id. Strict: no other field is taken. */
export class BankApplicationDto {
  @IsString({ message: API_CODES.applicationIdRequired })
  @Matches(/^[0-9a-f]{24}$/, { message: API_CODES.applicationIdRequired })
  applicationId: string;
}

/** POST /bank/exchange: the public token Plaid Link gave the browser. */
export class PublicTokenDto extends BankApplicationDto {
  @IsString()
  @MaxLength(200)
  @Matches(/^public-[a-z]+-[0-9a-f-]{36}$/)
  publicToken: string;
}
