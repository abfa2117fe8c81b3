import { Body, Controller, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import type { StageRecord } from '@portal/libs';
import { CurrentUser, SessionGuard, type SignedIn } from '../session/session.guard';
import { CreateStageDto, StepStageDto, UpdateStageDto } from './stage.dto';
import { StagesService } from './stages.service';
import { Idempotent } from '../common/idempotency/idempotency.interceptor';

@Controller('stage')
@UseGuards(SessionGuard)
export class StagesController {
  constructor(private readonly stages: StagesService) {}

  @Post()
  @HttpCode(200)
  create(@Body() dto: CreateStageDto, @CurrentUser() user: SignedIn): Promise<StageRecord> {
    return this.stages.current(dto.applicationId, user.userId);
  }

  @Get(':applicationId')
  get(@Param('applicationId') id: string, @CurrentUser() user: SignedIn): Promise<StageRecord> {
    return this.stages.current(id, user.userId);
  }

  @Patch(':applicationId')
  @Idempotent()
  update(
    @Param('applicationId') id: string,
    @Body() dto: UpdateStageDto,
    @CurrentUser() user: SignedIn,
  ): Promise<StageRecord> {
    const { pageName, pageStep, from } = dto;
    return this.stages.move(id, user.userId, { to: 'position', pageName, pageStep, from });
  }

  /** The next/previous progress action: the journey moves one page forward or back. */
  @Post(':applicationId/next')
  @Idempotent()
  @HttpCode(200)
  next(
    @Param('applicationId') id: string,
    @Body() dto: StepStageDto,
    @CurrentUser() user: SignedIn,
  ): Promise<StageRecord> {
    return this.stages.move(id, user.userId, { to: 'next', from: dto.from });
  }

  @Post(':applicationId/previous')
  @Idempotent()
  @HttpCode(200)
  previous(
    @Param('applicationId') id: string,
    @Body() dto: StepStageDto,
    @CurrentUser() user: SignedIn,
  ): Promise<StageRecord> {
    return this.stages.move(id, user.userId, { to: 'back', from: dto.from });
  }
}
