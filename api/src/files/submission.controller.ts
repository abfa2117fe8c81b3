import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { CurrentUser, SessionGuard, type SignedIn } from '../session/session.guard';
import { SubmitApplicationDto, SubmitStatementsDto } from './submission.dto';
import { SubmissionService } from './submission.service';
import { Idempotent } from '../common/idempotency/idempotency.interceptor';

export { DOCUMENTS_REQUIRED } from './submission.service';

@Controller('application')
@UseGuards(SessionGuard)
export class SubmissionController {
  constructor(private readonly submission: SubmissionService) {}

  @Post(':id/submit-statements')
  @Idempotent()
  @HttpCode(200)
  async submit(@Param('id') id: string, @Body() body: SubmitStatementsDto, @CurrentUser() user: SignedIn) {
    return { data: await this.submission.submitStatements(id, user.userId, body.seen) };
  }

  @Post(':id/submit-application')
  @Idempotent()
  @HttpCode(200)
  async submitApplication(@Param('id') id: string, @Body() body: SubmitApplicationDto, @CurrentUser() user: SignedIn) {
    return { data: await this.submission.submitApplication(id, user.userId, body) };
  }
}
