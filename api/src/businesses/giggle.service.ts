import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { LeadChange } from '@portal/libs';
import { ApplicationsService } from '../applications/applications.service';
import { Business } from './business.schema';

export type GiggleAction = 'enter' | 'back';

/**
 * The CRM lead on /giggle-finance: what each move does to the CRM lead. Back leaves the bank
 * account question unanswered again, which the business step sends to the lead as true.
 */
export const GIGGLE_LEAD_STATUS = {
  enter: {
    leadStatus: 'Closed - Not Converted',
    leadStatusDetail: 'No Business Bank Account',
    hasBusinessBankAccount: false,
  },
  back: { leadStatus: 'Open - Not Contacted', leadStatusDetail: null, hasBusinessBankAccount: true },
} as const satisfies Record<GiggleAction, LeadChange>;

/** The /giggle-finance page sends applicants without a business bank account to a partner lender. */
@Injectable()
export class GiggleService {
  constructor(
    @InjectModel(Business.name) private readonly businesses: Model<Business>,
    private readonly applications: ApplicationsService,
  ) {}

  /** The business record first (the record of truth for the applicant's answers), then the lead. */
  async move(applicationId: string, userId: string, action: GiggleAction): Promise<void> {
    const app = await this.applications.owned(applicationId, userId);
    await this.businesses.updateOne(
      { _id: app._id },
      action === 'enter' ? { $set: { hasBusinessBankAccount: false } } : { $unset: { hasBusinessBankAccount: 1 } },
    );
    await this.applications.updateLead(String(app._id), { ...GIGGLE_LEAD_STATUS[action] });
  }
}
