import { Module } from '@nestjs/common';
import { contributeCreateRules, createRule } from '#libs/platform/src/creatable.js';
import { bioDecider } from './domain/bio.decider.js';
import { BiosController } from './http/bios.controller.js';

// What a viewer may create (the platform's registry): every member may write their own bio (editors anyone's), the plan's cms.
contributeCreateRules([createRule('bios', bioDecider, { product: 'cms' })]);

/** The expert directory: writer and expert bios per website. */
@Module({ controllers: [BiosController] })
export class ExpertsModule {}
