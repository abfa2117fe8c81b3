import { Body, Controller, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { CurrentUser, SessionGuard, type SignedIn } from '../session/session.guard';
import { ApplicationIdDto } from '../common/application-id.dto';
import { OfferSelectionDto } from './offer.dto';
import { OffersService } from './offers.service';
import { Idempotent } from '../common/idempotency/idempotency.interceptor';

export { OFFER_NOT_FOUND, UNKNOWN_ERROR } from './offers.service';

/** The 'offer' and 'offer/email-offer' routes: the offers priced for the application, and the one chosen. */
@Controller('offer')
@UseGuards(SessionGuard)
export class OffersController {
  constructor(private readonly offers: OffersService) {}

  @Get('application/:applicationId')
  async get(@Param('applicationId') applicationId: string, @CurrentUser() user: SignedIn) {
    return { data: await this.offers.get(applicationId, user.userId) };
  }

  /** Calculates the offers (the offer-calculation service, through the workflow) and answers them. */
  @Post()
  @HttpCode(200)
  async calculate(@Body() body: ApplicationIdDto, @CurrentUser() user: SignedIn) {
    return { data: await this.offers.calculate(body.applicationId, user.userId) };
  }

  @Patch(':id')
  @Idempotent()
  async select(@Param('id') id: string, @Body() body: OfferSelectionDto, @CurrentUser() user: SignedIn) {
    return { data: await this.offers.select(id, user.userId, body) };
  }

  @Post('email-offer')
  @HttpCode(200)
  async email(@Body() body: ApplicationIdDto, @CurrentUser() user: SignedIn) {
    await this.offers.email(body.applicationId, user.userId);
    return { data: { message: 'success' } };
  }
}
