import { Module } from '@nestjs/common';
import { BiosController } from './http/bios.controller.js';

/** The expert directory: writer and expert bios per website. */
@Module({ controllers: [BiosController] })
export class ExpertsModule {}
