import { Module } from '@nestjs/common';
import { AnswersController } from './http/answers.controller.js';
import { QuestionsController } from './http/questions.controller.js';

/** The community Q&A: questions and answers per website, checked by moderators. */
@Module({ controllers: [QuestionsController, AnswersController] })
export class CommunityModule {}
