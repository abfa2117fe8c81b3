import { ValidateIf } from 'class-validator';
import {
  API_CODES,
  BUSINESS_DETAILS_RULES,
  BUSINESS_QUESTION_RULES,
  FINANCIAL_RULES,
  revisionRule,
} from '@portal/libs';
import { oneOf } from '../common/body-rules';
import { FollowsRule } from '../common/rule.decorator';
import { OpenBody, REFUSED_ALONE } from '../common/validation.pipe';

export const BUSINESS_SECTIONS = ['financial', 'question', 'details'] as const;
export type BusinessSection = (typeof BUSINESS_SECTIONS)[number];

/**
 * PATCH /business/{id}: `section` names the step whose DTO the body must pass. The route refuses an
 * unknown section (alone, before the business is looked up); the service validates the body with the
 * section's DTO once the business is found to be the user's (404 first) and a masked tax id sent back
 * is replaced by the one on file (SECTION_DTOS). Fields the DTOs do not name are let through, unread.
 */
@OpenBody()
export class BusinessSectionBody {
  @FollowsRule(oneOf('section', BUSINESS_SECTIONS, API_CODES.sectionInvalid), REFUSED_ALONE)
  section: BusinessSection;
  /** The revision of the answers the form showed (common/revisions.ts): an older one is refused with 409. */
  @FollowsRule(revisionRule) revision?: unknown;
}

/** Step 1: the revenue and the amount requested. */
@OpenBody()
export class FinancialSectionDto {
  @FollowsRule(FINANCIAL_RULES.annualRevenue) annualRevenue: unknown;
  @FollowsRule(FINANCIAL_RULES.amountRequested) amountRequested: unknown;
}

/** Whether the business has started is judged first; only a valid Yes (or none) asks the rest. */
const startedAnswered = (o: Record<string, unknown>) =>
  BUSINESS_QUESTION_RULES.businessStarted(o.businessStarted, o) === undefined && o.businessStarted !== 'No';

/** Step 2: started or not; when started, since when and for what. */
@OpenBody()
export class QuestionSectionDto {
  @FollowsRule(BUSINESS_QUESTION_RULES.businessStarted) businessStarted?: unknown;
  @ValidateIf(startedAnswered) @FollowsRule(BUSINESS_QUESTION_RULES.businessStartDate) businessStartDate: unknown;
  @ValidateIf(startedAnswered) @FollowsRule(BUSINESS_QUESTION_RULES.useOfProceeds) useOfProceeds: unknown;
}

/** Step 3: the business's details; the zip, the state and the tax id are judged by the country. */
@OpenBody()
export class BusinessDetailsDto {
  @FollowsRule(BUSINESS_DETAILS_RULES.businessName) businessName: unknown;
  @FollowsRule(BUSINESS_DETAILS_RULES.dbaName) dbaName?: unknown;
  @FollowsRule(BUSINESS_DETAILS_RULES.legalEntity) legalEntity: unknown;
  @FollowsRule(BUSINESS_DETAILS_RULES.acceptsCreditCards) acceptsCreditCards: unknown;
  @FollowsRule(BUSINESS_DETAILS_RULES.otherBusinessLoans) otherBusinessLoans: unknown;
  @FollowsRule(BUSINESS_DETAILS_RULES.federalTaxId) federalTaxId: unknown;
  @FollowsRule(BUSINESS_DETAILS_RULES.avgDailyBalance) avgDailyBalance: unknown;
  @FollowsRule(BUSINESS_DETAILS_RULES.openLoanBalances) openLoanBalances?: unknown;
  @FollowsRule(BUSINESS_DETAILS_RULES.phoneNumber) phoneNumber: unknown;
  @FollowsRule(BUSINESS_DETAILS_RULES.country) country: unknown;
  @FollowsRule(BUSINESS_DETAILS_RULES.address) address: unknown;
  @FollowsRule(BUSINESS_DETAILS_RULES.suiteFloor) suiteFloor?: unknown;
  @FollowsRule(BUSINESS_DETAILS_RULES.city) city: unknown;
  @FollowsRule(BUSINESS_DETAILS_RULES.state) state: unknown;
  @FollowsRule(BUSINESS_DETAILS_RULES.zip) zip: unknown;
  @FollowsRule(BUSINESS_DETAILS_RULES.industry) industry: unknown;
  @FollowsRule(BUSINESS_DETAILS_RULES.naics) naics?: unknown;
  @FollowsRule(BUSINESS_DETAILS_RULES.numberOfEmployees) numberOfEmployees?: unknown;
  @FollowsRule(BUSINESS_DETAILS_RULES.productsInterestedIn) productsInterestedIn?: unknown;
  @FollowsRule(BUSINESS_DETAILS_RULES.businessDescription) businessDescription?: unknown;
  @FollowsRule(BUSINESS_DETAILS_RULES.hasRealEstate) hasRealEstate?: unknown;
  @FollowsRule(BUSINESS_DETAILS_RULES.hasBusinessBankAccount) hasBusinessBankAccount?: unknown;
  @FollowsRule(BUSINESS_DETAILS_RULES.website) website?: unknown;
}

/** Each section's DTO, in the order of the libs rule set it applies. */
export const SECTION_DTOS = {
  financial: FinancialSectionDto,
  question: QuestionSectionDto,
  details: BusinessDetailsDto,
} as const;
