import { Controller, Delete, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { CurrentUser, SessionGuard, type SignedIn } from '../session/session.guard';
import { FilesService } from './files.service';
import { Idempotent } from '../common/idempotency/idempotency.interceptor';

export { FILE_NOT_FOUND } from './files.service';

/** The applicant's documents: upload ('file/s3'), list and remove ('file'). */
@Controller('file')
@UseGuards(SessionGuard)
export class FilesController {
  constructor(private readonly files: FilesService) {}

  /** Multipart: applicationId, fileType, monthLabel (bank statements), then the file. */
  @Post('s3')
  @Idempotent({ fingerprint: 'stream' })
  @HttpCode(201)
  async upload(@Req() req: Request, @CurrentUser() user: SignedIn) {
    return { data: await this.files.upload(req, user.userId) };
  }

  @Get('application/:applicationId')
  async list(@Param('applicationId') applicationId: string, @CurrentUser() user: SignedIn) {
    return { data: await this.files.list(applicationId, user.userId) };
  }

  @Delete(':id')
  @HttpCode(200)
  async remove(@Param('id') id: string, @CurrentUser() user: SignedIn) {
    await this.files.remove(id, user.userId);
    return { message: 'success' };
  }
}
