import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';

const MongoId = Types.ObjectId;
import {
  ANSWER_SECTIONS,
  INITIAL_POSITION,
  answeredSections,
  mayMoveForward,
  sectionOf,
  type AnswerSection,
  type JourneyPosition,
  type StageMove,
  type StageRecord,
  API_CODES,
} from '@portal/libs';
import { moveStage, type SigningState } from '@portal/workflows';
import { ApplicationsService } from '../applications/applications.service';
import { SigningAhead } from '../applications/signing-ahead';
import { BusinessesService } from '../businesses/businesses.service';
import { readById } from '../common/driver-read';
import { findOrCreate } from '../common/find-or-create';
import { OffersService } from '../offers/offers.service';
import { OwnersService } from '../owners/owners.service';
import { ApplicationWorkflows } from '../temporal/application-workflows.service';
import { WorkflowLeadChanges } from '../temporal/workflow-lead-changes';
import { Stage } from './stage.schema';

/**
 * The journey position: the application's workflow decides (its update validator refuses impossible
 * moves), and MongoDB keeps a copy for reads such as the resume path after login.
 */
@Injectable()
export class StagesService {
  private readonly logger = new Logger(StagesService.name);
  /** Moves under way, by application and move (`move`). */
  private readonly moving = new Map<string, Promise<StageRecord>>();

  constructor(
    @InjectModel(Stage.name) private readonly stages: Model<Stage>,
    private readonly workflows: ApplicationWorkflows,
    private readonly applications: ApplicationsService,
    private readonly businesses: BusinessesService,
    private readonly owners: OwnersService,
    private readonly offers: OffersService,
    private readonly leadChanges: WorkflowLeadChanges,
    private readonly signingAhead: SigningAhead,
  ) {}

  /**
   * The sections whose saved answers pass the forms' rules, for the workflow's validator to hold the
   * journey at a step that is not done (a bare `next` must not skip the financial or owner steps).
   * A move that names where it starts is judged on that step's section alone (the validator asks for no
   * other, and answers a move from anywhere else where the journey is): only the record that section is
   * saved in is read, and none for a step that saves nothing (a move forward read
   * three records before its update).
   */
  private async answered(applicationId: string, move: StageMove): Promise<AnswerSection[]> {
    const only = move.from ? sectionOf(move.from) : undefined;
    if (move.from && !only) return [];
    const among = only ? [only] : ANSWER_SECTIONS;
    const wants = (...sections: AnswerSection[]) => sections.some((s) => among.includes(s));
    const [business, owners, offerSelected] = await Promise.all([
      wants('financial', 'businessQuestion', 'businessDetails')
        ? this.businesses.answersOf(applicationId, { taxId: wants('businessDetails') })
        : undefined,
      wants('owners') ? this.owners.answersOf(applicationId) : undefined,
      wants('offer') ? this.offers.hasSelection(applicationId) : undefined,
    ]);
    // Only the section asked for is judged (the other forms' rules are not run).
    return answeredSections({ business, owners, offerSelected }, among);
  }

  /** Sign-up's find-or-create of the application's stage record, at the first step. */
  ensureFor(applicationId: Types.ObjectId, likelyNew = false) {
    return findOrCreate(
      this.stages,
      { _id: applicationId },
      { applicationId, ...INITIAL_POSITION, isPdfSent: false },
      likelyNew,
    );
  }

  /**
   * The saved positions of these applications (the resume path after login): one `_id` lookup each
   * (a stage's `_id` is its application's id; FerretDB serves a lone `_id` equality from its index, not `$in`).
   */
  async forApplications(applicationIds: readonly (Types.ObjectId | string)[]) {
    const found = await Promise.all(applicationIds.map((id) => readById(this.stages, id)));
    return found.filter((s) => s !== null);
  }

  async current(applicationId: string, userId: string): Promise<StageRecord> {
    await this.applications.checkOwner(applicationId, userId);
    const stage = await this.stages
      .findById(applicationId)
      .orFail(() => new BadRequestException(API_CODES.stageNotFound));
    return toRecord(stage);
  }

  async move(applicationId: string, userId: string, move: StageMove): Promise<StageRecord> {
    const id = await this.applications.checkOwner(applicationId, userId);
    // Parallel repeats of one move (a double click, a retried request, several tabs) share one workflow
    // update: Temporal holds at most 10 updates in flight per workflow and answers the rest
    // ResourceExhausted (503 TRY_AGAIN), and each repeat would cost its reads and writes for no change.
    const key = `${id}:${JSON.stringify(move)}`;
    const running = this.moving.get(key);
    if (running) return running;
    const moving = this.moveOnce(id, move).finally(() => this.moving.delete(key));
    this.moving.set(key, moving);
    return moving;
  }

  /**
   * What a move reads before its update (the saved answers of the step it leaves,
   * the lead changes waiting, whether signals wait in the outbox) is read side by side, in one round trip's
   * time; the record write after the update answers the record without reading it back. A move onto the
   * signature answers the signing the workflow started with it, kept for the signature page (SigningAhead).
   */
  private async moveOnce(applicationId: string, move: StageMove): Promise<StageRecord> {
    // A re-save of the step the journey is on changes nothing: answered from the saved position, so a
    // page that re-saves often never spends the run's updates (Temporal caps them at 2,000 per run). Only
    // a move to the position it names as its start can be one: a real move is not read for first.
    const saved = mayBeResave(move) ? await this.stages.findById(applicationId).lean() : null;
    if (saved && isResave(saved, move)) return toRecord(saved);
    // The saved answers (read, decrypted and checked) matter only to a move that could go forward: only the
    // section of the step it leaves.
    // The lead changes the page's saves left (WorkflowLeadChanges) go with the move.
    const [answered, lead, queued] = await Promise.all([
      mayMoveForward(move) ? this.answered(applicationId, move) : [],
      this.leadChanges.take(applicationId),
      this.workflows.queuedSignals(applicationId),
    ]);
    const { signing, ...position } = await this.leadChanges.carried(applicationId, lead, () =>
      this.workflows.update(
        applicationId,
        moveStage,
        [{ ...move, answered, ...(lead ? { lead: lead.fields } : {}) }],
        undefined,
        queued,
      ),
    );
    // The hand-over's clear, the record write and the signing's are independent: side by side.
    const [record] = await Promise.all([
      this.save(applicationId, position),
      lead ? this.leadChanges.taken(applicationId, lead.seq) : undefined,
      signing ? this.keepSigning(applicationId, signing) : undefined,
    ]);
    return record;
  }

  /** Not kept (the database busy): the move stands, and the signature page asks the workflow as before. */
  private keepSigning(applicationId: string, signing: SigningState): Promise<void> {
    return this.signingAhead.keep(applicationId, signing).catch((e: Error) => {
      this.logger.warn({ msg: 'signing started with the move not kept', applicationId, error: e.message });
    });
  }

  /**
   * Keeps the workflow's position in MongoDB; every move is saved with isPdfSent false (the application PDF is made again for the new answers). One
   * write, answered with the record it wrote (nothing read back: every field of the record is set here).
   * Written through the driver, not a mongoose query (whose building and casting
   * cost the api more CPU than the write itself); the schema's timestamps are kept here.
   */
  async save(applicationId: string, position: JourneyPosition): Promise<StageRecord> {
    const { pageName, pageStep, path } = position;
    const id = new MongoId(applicationId);
    const now = new Date();
    await this.stages.collection.updateOne(
      { _id: id },
      {
        $set: { pageName, pageStep, path, applicationId: id, isPdfSent: false, updatedAt: now },
        $setOnInsert: { createdAt: now },
      },
      { upsert: true },
    );
    return { applicationId: String(applicationId), pageName, pageStep, path, isPdfSent: false };
  }

  /**
   * The workflow moved the journey on from the signature by itself when it heard the last signature (no
   * move came through here): the saved stage follows it, from the signature only, so a record a later move
   * has already taken elsewhere stays where that move put it. One conditional write, nothing read.
   */
  async followSignature(applicationId: string, position: JourneyPosition): Promise<void> {
    const { pageName, pageStep, path } = position;
    await this.stages.collection.updateOne(
      { _id: new MongoId(applicationId), pageName: 'SIGNATURE' },
      { $set: { pageName, pageStep, path, isPdfSent: false, updatedAt: new Date() } },
    );
  }
}

/** A move to a named position that is the one it starts from (or names no start): possibly a re-save. */
const mayBeResave = (move: StageMove) =>
  move.to === 'position' &&
  (!move.from || (move.from.pageName === move.pageName && move.from.pageStep === move.pageStep));

const isResave = (saved: Stage, move: StageMove) =>
  move.to === 'position' &&
  move.pageName === saved.pageName &&
  move.pageStep === saved.pageStep &&
  (!move.from || (move.from.pageName === saved.pageName && move.from.pageStep === saved.pageStep));

function toRecord(s: Stage): StageRecord {
  return {
    applicationId: String(s.applicationId),
    pageName: s.pageName,
    pageStep: s.pageStep,
    path: s.path,
    isPdfSent: s.isPdfSent,
  };
}
