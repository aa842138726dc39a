import { Controller, Get, Param } from '@nestjs/common';
import { CurrentViewer } from '#libs/platform/src/auth/public.decorator.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import { resourceController } from '#libs/platform/src/resources/resource-ports.js';
import { PLAN_NAMES, PLANS, productsOf } from '../domain/plans.js';
import { ORGANISATIONS } from './organisation-resources.js';

/** Organisations (the resource framework's routes, organisation-resources.ts) and their billing. */
@Controller('organisations')
export class OrganisationsController extends resourceController('organisations', ORGANISATIONS) {
  /** Billing: the organisation's plan, the products it includes, and the plans to choose from. */
  @Get(':id/billing')
  async billing(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    const record = await this.presentOne(await this.kind.load(this.env(viewer, ''), id), this.env(viewer, ''));
    return {
      id,
      plan: record.plan,
      products: record.products,
      plans: PLAN_NAMES.map((plan) => ({ id: plan, name: PLANS[plan].name, products: productsOf(plan) })),
      allowedActions: (record.allowedActions as string[]).filter((a) => a === 'ChangePlan'),
    };
  }
}
