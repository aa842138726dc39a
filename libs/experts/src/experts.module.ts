import { Module, type OnModuleInit } from '@nestjs/common';
import { DeciderRegistry } from '#libs/platform/src/commands/decide.command.js';
import { bioDecider } from './domain/bio.decider.js';
import { BiosController } from './http/bios.controller.js';

/** The expert directory: writer and expert bios per website. */
@Module({ controllers: [BiosController] })
export class ExpertsModule implements OnModuleInit {
  constructor(private readonly deciders: DeciderRegistry) {}

  onModuleInit() {
    this.deciders.register({ name: 'bio', decider: bioDecider, organisationOf: (s) => s.owner?.organisationId });
  }
}
