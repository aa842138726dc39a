import { Module } from '@nestjs/common';
import { AnswersController } from './http/answers.controller.js';
import { QuestionsController } from './http/questions.controller.js';
import { contributeCreateRules, createRule } from '#libs/platform/src/creatable.js';
import { questionDecider } from './domain/question.decider.js';

// What a viewer may create (the platform's registry): questions, when the plan includes the community.
contributeCreateRules([createRule('questions', questionDecider, { product: 'community' })]);

/** The community Q&A: questions and answers per website, checked by moderators. */
@Module({ controllers: [QuestionsController, AnswersController] })
export class CommunityModule {}
