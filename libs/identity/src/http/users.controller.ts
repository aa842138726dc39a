import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import { CurrentViewer } from '#libs/platform/src/auth/public.decorator.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import { ensure } from '#libs/platform/src/auth/policy.js';
import { NotFoundError } from '#libs/platform/src/errors.js';
import { checkId, sendList } from '#libs/platform/src/http/records.js';
import { runList, type ListQuery } from '#libs/platform/src/list-query.js';
import { userRecord } from '../projections/queries.js';
import { SQL } from '#libs/platform/src/tokens.js';

const LIST = {
  resource: 'users',
  table: 'rm_users',
  fields: {
    id: 'id',
    email: 'email',
    name: 'name',
    role: 'role',
    platformAdmin: 'platform_admin',
    createdAt: 'created_at',
  },
  search: ['name', 'email'],
  dateField: 'createdAt',
  defaultSort: ['name', 'ASC'] as ['name', 'ASC'],
};

/** The users list of the admin area (platform administrators; the member lists come with issue 3). */
@Controller('users')
export class UsersController {
  constructor(@Inject(SQL) private readonly db: SqlDriver) {}

  @Get()
  async list(
    @CurrentViewer() viewer: Viewer,
    @Query() query: ListQuery,
    @Res({ passthrough: true }) response: Response,
  ) {
    ensure(viewer, 'users.list');
    return sendList(response, await runList(this.db, LIST, query, { sql: 'true', params: [] }));
  }

  @Get(':id')
  async get(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    ensure(viewer, 'users.list');
    checkId(id);
    const found = await userRecord(this.db, id);
    if (!found) throw new NotFoundError('User not found');
    return found;
  }
}
