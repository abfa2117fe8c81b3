import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Logger,
  NotFoundException,
  Param,
  Patch,
  Post,
  ServiceUnavailableException,
  UseGuards,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { isValidObjectId, type Model } from 'mongoose';
import { applicationWorkflowId, calculateOffers, emailOffer } from '@portal/workflows';
import { ApplicationsService } from '../applications/applications.service';
import { CurrentUser, SessionGuard, type SignedIn } from '../auth/session.guard';
import { applicationIdOf } from '../common/validate-form';
import { TEMPORAL_CLIENT } from '../temporal/temporal.module';
import { updateFailureMessage } from '../temporal/update-failure';
import { Offer, type OfferDocument } from './offer.schema';

export const OFFER_NOT_FOUND = 'Offer not found';
export const UNKNOWN_ERROR = 'Unknown error';
type Option = Record<string, string>;

const view = (o: OfferDocument) => ({
  _id: String(o._id),
  applicationId: String(o.applicationId),
  offerType: o.offerType,
  offerOptions: o.offerOptions as Option[],
});

/** Section 7 'offer' and 'offer/email-offer'. Prices come from the workflow; the client only chooses. */
@Controller('offer')
@UseGuards(SessionGuard)
export class OffersController {
  private readonly logger = new Logger(OffersController.name);

  constructor(
    @InjectModel(Offer.name) private readonly offers: Model<Offer>,
    @Inject(TEMPORAL_CLIENT) private readonly temporal: Client,
    private readonly applications: ApplicationsService,
  ) {}

  @Get('application/:applicationId')
  async get(@Param('applicationId') applicationId: string, @CurrentUser() user: SignedIn) {
    const app = await this.applications.owned(applicationId, user.userId);
    const offer = await this.offers.findOne({ applicationId: app._id }).orFail(new NotFoundException(OFFER_NOT_FOUND));
    return { data: view(offer) };
  }

  /** Calculates the offers (the offer-calculation service, through the workflow) and answers them. */
  @Post()
  @HttpCode(200)
  async calculate(@Body() body: Record<string, unknown>, @CurrentUser() user: SignedIn) {
    const app = await this.applications.owned(applicationIdOf(body), user.userId);
    try {
      await this.temporal.workflow
        .getHandle(applicationWorkflowId(String(app._id)))
        .executeUpdate(calculateOffers, { args: [] });
    } catch (e) {
      this.logger.error({
        msg: 'offer calculation failed',
        applicationId: String(app._id),
        error: (e as Error).message,
      });
      if (e instanceof WorkflowUpdateFailedError) throw new BadRequestException(updateFailureMessage(e, UNKNOWN_ERROR));
      throw new ServiceUnavailableException(UNKNOWN_ERROR);
    }
    const offer = await this.offers.findOne({ applicationId: app._id }).orFail(new NotFoundException(OFFER_NOT_FOUND));
    return { data: view(offer) };
  }

  /**
   * Saves the selection: exactly one of the priced options (by id, or the one flagged isSelected), the
   * others not, and offerType from the chosen option. Amounts sent by the client are never taken.
   */
  @Patch(':id')
  async select(
    @Param('id') id: string,
    @Body() body: { applicationId?: unknown; selectedId?: unknown; offerOptions?: unknown },
    @CurrentUser() user: SignedIn,
  ) {
    const offer = isValidObjectId(id) ? await this.offers.findById(id) : null;
    if (!offer) throw new NotFoundException(OFFER_NOT_FOUND);
    await this.applications.owned(String(offer.applicationId), user.userId).catch(() => {
      throw new NotFoundException(OFFER_NOT_FOUND);
    });
    const flagged = Array.isArray(body.offerOptions)
      ? (body.offerOptions as Option[]).find((o) => String(o?.isSelected) === 'true')?.id
      : undefined;
    const chosen = typeof body.selectedId === 'string' ? body.selectedId : flagged;
    const options = offer.offerOptions as Option[];
    const option = options.find((o) => o.id === chosen);
    if (!option) throw new BadRequestException('Please select one of the offers');
    offer.offerOptions = options.map((o) => ({ ...o, isSelected: o.id === chosen ? 'true' : 'false' }));
    offer.offerType = option.maxAmount ? 'lineOfCredit' : 'standard';
    offer.markModified('offerOptions');
    await offer.save();
    return { data: view(offer) };
  }

  @Post('email-offer')
  @HttpCode(200)
  async email(@Body() body: Record<string, unknown>, @CurrentUser() user: SignedIn) {
    const app = await this.applications.owned(applicationIdOf(body), user.userId);
    try {
      await this.temporal.workflow
        .getHandle(applicationWorkflowId(String(app._id)))
        .executeUpdate(emailOffer, { args: [] });
      return { data: { message: 'success' } };
    } catch (e) {
      throw new BadRequestException(updateFailureMessage(e, UNKNOWN_ERROR));
    }
  }
}
