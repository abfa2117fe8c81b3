import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { RegisterAnswer } from '@portal/libs';
import { AuthService } from './auth.service';
import { RegisterDto } from './register.dto';

@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('register')
  @HttpCode(201)
  register(@Body() dto: RegisterDto): Promise<RegisterAnswer> {
    return this.auth.register(dto);
  }
}
