import { Controller, Get, Param } from '@nestjs/common';
import { DeciderRegistry } from '../commands/decide.command.js';
import { NotFoundError } from '../errors.js';

/** `GET /api/workflows/{name}`: the states, actions and transitions of a state machine. */
@Controller('workflows')
export class WorkflowsController {
  constructor(private readonly deciders: DeciderRegistry) {}

  @Get()
  list() {
    return this.deciders.list().map((entry) => entry.decider.describe());
  }

  @Get(':name')
  get(@Param('name') name: string) {
    const entry = this.deciders.list().find((e) => e.name === name || e.decider.table.name === name);
    if (!entry) throw new NotFoundError(`No workflow named ${name}`);
    return entry.decider.describe();
  }
}
