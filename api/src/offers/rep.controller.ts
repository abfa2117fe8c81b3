import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { CurrentUser, SessionGuard, type SignedIn } from '../session/session.guard';
import { OffersService } from './offers.service';

export { REP_NOT_FOUND } from './offers.service';

/** GET /salesforce/opportunity/calandly/{id}: the rep's name and scheduling link. */
@Controller('salesforce/opportunity')
@UseGuards(SessionGuard)
export class RepController {
  constructor(private readonly offers: OffersService) {}

  @Get('calandly/:opportunityId')
  async rep(@Param('opportunityId') opportunityId: string, @CurrentUser() user: SignedIn) {
    return { data: await this.offers.rep(opportunityId, user.userId) };
  }
}
