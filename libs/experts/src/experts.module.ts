import { Module } from '@nestjs/common';
import { contributeCreateRules, createRule } from '#libs/platform/src/creatable.js';
import { bioDecider } from './domain/bio.decider.js';
import { BiosController } from './http/bios.controller.js';
import { contributeCreditedBios } from '#libs/platform/src/contributed-facts.js';
import { bioSummaries, isExpertBio } from './projections/queries.js';

// What a viewer may create (the platform's registry): every member may write their own bio (editors anyone's), the plan's cms.
contributeCreateRules([createRule('bios', bioDecider, { product: 'cms' })]);

// The bios a post credits (the posts context reads them through the platform's registry).
contributeCreditedBios({ bioSummaries, isExpertBio });

/** The expert directory: writer and expert bios per website. */
@Module({ controllers: [BiosController] })
export class ExpertsModule {}
