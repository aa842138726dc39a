import { Module } from '@nestjs/common';
import { IdentityModule } from '#libs/identity/src/identity.module.js';
import { DemoController } from './demo.controller.js';
import { DemoService } from './demo.service.js';

@Module({ imports: [IdentityModule], controllers: [DemoController], providers: [DemoService], exports: [DemoService] })
export class DemoModule {}
