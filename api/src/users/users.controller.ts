import { Controller, Get, NotFoundException, Param, UseGuards } from '@nestjs/common';
import { API_CODES } from '@portal/libs';
import { CurrentUser, SessionGuard, type SignedIn } from '../session/session.guard';
import { UsersService } from './users.service';

@Controller('user')
@UseGuards(SessionGuard)
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /** Only the signed-in user's own email answers; any other is not found, whether it exists or not. */
  @Get('by-email/:email')
  byEmail(@Param('email') email: string, @CurrentUser() user: SignedIn) {
    if (email.trim().toLowerCase() !== user.userName) throw new NotFoundException(API_CODES.userNotFound);
    return this.users.withApplications(user.userId);
  }
}
