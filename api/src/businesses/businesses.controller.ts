import { Body, Controller, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { CurrentUser, SessionGuard, type SignedIn } from '../session/session.guard';
import { ApplicationIdDto } from '../common/application-id.dto';
import { BusinessSectionBody } from './business.dto';
import { BusinessesService } from './businesses.service';
import { Idempotent } from '../common/idempotency/idempotency.interceptor';

@Controller('business')
@UseGuards(SessionGuard)
export class BusinessesController {
  constructor(private readonly businesses: BusinessesService) {}

  @Get('industry-list')
  industryList() {
    return { data: this.businesses.industries() };
  }

  /** The business record is made blank at sign-up; this answers it (POST /business). */
  @Post()
  @HttpCode(200)
  create(@Body() body: ApplicationIdDto, @CurrentUser() user: SignedIn) {
    return this.businesses.forApplication(body.applicationId, user.userId);
  }

  @Get('application/:applicationId')
  forApplication(@Param('applicationId') id: string, @CurrentUser() user: SignedIn) {
    return this.businesses.forApplication(id, user.userId);
  }

  /**
   * One step's answers, merged. `section` names the step (financial, question or details), whose shared
   * rules the body must pass; address fields are grouped into addressData.
   */
  @Patch(':id')
  @Idempotent()
  update(@Param('id') id: string, @Body() body: BusinessSectionBody, @CurrentUser() user: SignedIn) {
    return this.businesses.update(id, user.userId, body.section, { ...body });
  }
}
