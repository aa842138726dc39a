import { Controller, Get, Inject } from '@nestjs/common';
import { Public } from '#libs/platform/src/auth/public.decorator.js';
import type { AppConfig } from '#libs/platform/src/config.js';
import { NotFoundError } from '#libs/platform/src/errors.js';
import { CONFIG } from '#libs/platform/src/tokens.js';
import { DEMO_PASSWORD, DEMO_USERS } from './demo.service.js';

@Controller('auth')
export class DemoController {
  constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

  /** The demo sign-in the login page shows; 404 when the demo data is switched off. */
  @Public()
  @Get('demo')
  demo() {
    if (!this.config.demoData) throw new NotFoundError('Not in demo mode');
    return { email: DEMO_USERS[0].email, password: DEMO_PASSWORD };
  }
}
