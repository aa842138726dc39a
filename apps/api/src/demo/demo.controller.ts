import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '#libs/platform/src/auth/public.decorator.js';
import type { AppConfig } from '#libs/platform/src/config.js';
import { CONFIG } from '#libs/platform/src/tokens.js';
import { DEMO_PASSWORD, DEMO_USERS } from './demo.service.js';

@Controller('auth')
export class DemoController {
  constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

  /**
   * The demo sign-in the login page shows; 204 (nothing) when the demo data is switched off: a
   * success, so that the login page leaves no failed request in the browser's console.
   */
  @Public()
  @Get('demo')
  @HttpCode(200)
  demo(@Res({ passthrough: true }) response: Response) {
    if (!this.config.demoData) {
      response.status(204);
      return undefined;
    }
    return { email: DEMO_USERS[0].email, password: DEMO_PASSWORD };
  }
}
