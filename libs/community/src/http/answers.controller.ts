import { resourceController } from '#libs/platform/src/resources/resource-ports.js';
import { ANSWERS } from './community-resources.js';

/** Answers to community questions (community-resources.ts): pending until a moderator publishes them. */
export const AnswersController = resourceController('answers', ANSWERS);
