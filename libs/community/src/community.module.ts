import { Module, type OnModuleInit } from '@nestjs/common';
import { DeciderRegistry } from '#libs/platform/src/commands/decide.command.js';
import { answerDecider } from './domain/answer.decider.js';
import { questionDecider } from './domain/question.decider.js';
import { AnswersController } from './http/answers.controller.js';
import { QuestionsController } from './http/questions.controller.js';

/** The community Q&A: questions and answers per website, checked by moderators. */
@Module({ controllers: [QuestionsController, AnswersController] })
export class CommunityModule implements OnModuleInit {
  constructor(private readonly deciders: DeciderRegistry) {}

  onModuleInit() {
    this.deciders.register({ name: 'question', decider: questionDecider, organisationOf: (s) => s.organisationId });
    this.deciders.register({ name: 'answer', decider: answerDecider, organisationOf: (s) => s.organisationId });
  }
}
