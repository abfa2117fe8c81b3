import { Body, Controller, Delete, Get, HttpCode, Param, Put, UseGuards } from '@nestjs/common';
import { RateLimiter } from '../common/rate-limit';
import { CurrentUser, SessionGuard, type SignedIn } from '../session/session.guard';
import { DraftDto } from './draft.dto';
import { DraftsService } from './drafts.service';

/** Typing is saved a second or so after it pauses: far fewer than this, however long a form takes. */
const SAVES_PER_TEN_MINUTES = 600;

/** A journey page's unsaved answers, kept by the api so no browser storage holds them. */
@Controller('draft')
@UseGuards(SessionGuard)
export class DraftsController {
  constructor(
    private readonly drafts: DraftsService,
    private readonly limiter: RateLimiter,
  ) {}

  @Get(':applicationId/:page')
  read(@Param('applicationId') applicationId: string, @Param('page') page: string, @CurrentUser() user: SignedIn) {
    return this.drafts.read(applicationId, page, user.userId);
  }

  @Put(':applicationId/:page')
  @HttpCode(204)
  async save(
    @Param('applicationId') applicationId: string,
    @Param('page') page: string,
    @Body() body: DraftDto,
    @CurrentUser() user: SignedIn,
  ) {
    await this.limiter.hit({ key: `draft:user:${user.userId}`, max: SAVES_PER_TEN_MINUTES, windowSeconds: 600 });
    await this.drafts.save(applicationId, page, user.userId, body.fields);
  }

  @Delete(':applicationId/:page')
  @HttpCode(204)
  async remove(
    @Param('applicationId') applicationId: string,
    @Param('page') page: string,
    @CurrentUser() user: SignedIn,
  ) {
    await this.drafts.remove(applicationId, page, user.userId);
  }
}
