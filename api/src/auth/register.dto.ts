import { IsOptional, IsString, MaxLength } from 'class-validator';
import { E164_US_CA_PATTERN, MESSAGES, SIGN_UP_RULES, all, pattern, required } from '@portal/libs';
import { FollowsRule } from '../common/rule.decorator';

/** POST /auth/register. The phone arrives as +1 and 10 digits (the form's (123) 456-7890, converted). */
export class RegisterDto {
  @FollowsRule(SIGN_UP_RULES.firstName) firstName: string;
  @FollowsRule(SIGN_UP_RULES.lastName) lastName: string;
  @FollowsRule(SIGN_UP_RULES.businessName) businessName: string;
  @FollowsRule(all(required(MESSAGES.phoneRequired), pattern(E164_US_CA_PATTERN, MESSAGES.phoneFormat))) phone: string;
  @FollowsRule(SIGN_UP_RULES.email) email: string;
  @FollowsRule(SIGN_UP_RULES.password) password: string;
  @FollowsRule(SIGN_UP_RULES.confirmPassword) confirmPassword: string;
  @IsOptional() @IsString() @MaxLength(64) affiliateId?: string;
}
