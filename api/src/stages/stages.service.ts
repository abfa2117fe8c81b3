import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import {
  answeredSections,
  formatPhone,
  type AnswerSection,
  type JourneyPosition,
  type StageMove,
  type StageRecord,
} from '@portal/libs';
import { moveStage } from '@portal/workflows';
import { ApplicationsService } from '../applications/applications.service';
import { Business } from '../businesses/business.schema';
import { PiiCipher } from '../common/pii';
import { Offer } from '../offers/offer.schema';
import { OwnerSet } from '../owners/owner-set.schema';
import { ApplicationWorkflows } from '../temporal/application-workflows.service';
import { Stage } from './stage.schema';

/**
 * The journey position: the application's workflow decides (its update validator refuses impossible
 * moves), and MongoDB keeps a copy for reads such as the resume path after login.
 */
@Injectable()
export class StagesService {
  constructor(
    @InjectModel(Stage.name) private readonly stages: Model<Stage>,
    @InjectModel(Business.name) private readonly businesses: Model<Business>,
    @InjectModel(OwnerSet.name) private readonly ownerSets: Model<OwnerSet>,
    @InjectModel(Offer.name) private readonly offers: Model<Offer>,
    private readonly workflows: ApplicationWorkflows,
    private readonly applications: ApplicationsService,
    private readonly pii: PiiCipher,
  ) {}

  /**
   * The sections whose saved answers pass the forms' rules, for the workflow's validator to hold the
   * journey at a step that is not done (a bare `next` must not skip the financial or owner steps).
   */
  private async answered(applicationId: string): Promise<AnswerSection[]> {
    const [business, set, offer] = await Promise.all([
      this.businesses.findOne({ applicationId }).lean(),
      this.ownerSets.findOne({ applicationId }).lean(),
      this.offers.findOne({ applicationId }, { offerOptions: 1 }).lean(),
    ]);
    return answeredSections({
      business: business
        ? { ...business, ...business.addressData, federalTaxId: this.pii.open(business.federalTaxId) }
        : undefined,
      owners: set?.owners.map((o) => ({
        ...o,
        ...o.addressData,
        phoneNumber: formatPhone(o.phoneNumber ?? ''),
        dateOfBirth: this.pii.open(o.dateOfBirth),
        ssn: this.pii.open(o.ssn),
      })),
      offerSelected: offer?.offerOptions.some((o) => String(o.isSelected) === 'true') ?? false,
    });
  }

  async current(applicationId: string, userId: string): Promise<StageRecord> {
    await this.applications.owned(applicationId, userId);
    const stage = await this.stages.findOne({ applicationId }).orFail(new BadRequestException('Stage not found'));
    return toRecord(stage);
  }

  async move(applicationId: string, userId: string, move: StageMove): Promise<StageRecord> {
    await this.applications.owned(applicationId, userId);
    const answered = move.to === 'back' ? [] : await this.answered(applicationId);
    const position = await this.workflows.update(applicationId, moveStage, [{ ...move, answered }]);
    return this.save(applicationId, position);
  }

  /** Keeps the workflow's position in MongoDB; every move is saved with isPdfSent false (section 4). */
  async save(applicationId: string, position: JourneyPosition): Promise<StageRecord> {
    const saved = await this.stages
      .findOneAndUpdate({ applicationId }, { $set: { ...position, isPdfSent: false } }, { new: true, upsert: true })
      .orFail();
    return toRecord(saved);
  }
}

function toRecord(s: Stage): StageRecord {
  return {
    applicationId: String(s.applicationId),
    pageName: s.pageName,
    pageStep: s.pageStep,
    path: s.path,
    isPdfSent: s.isPdfSent,
  };
}
