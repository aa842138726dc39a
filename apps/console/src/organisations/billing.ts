import type { Identifier } from 'react-admin';

/** The plans an organisation can be on, cheapest first. */
export type PlanId = 'starter' | 'growth' | 'scale';

/** The products a plan can include. */
export type ProductId = 'cms' | 'community' | 'strategy' | 'cro' | 'video' | 'experts';

export interface BillingPlan {
  id: PlanId;
  name: string;
  products: ProductId[];
}

/** `GET /api/organisations/{id}/billing` */
export interface OrganisationBilling {
  id: Identifier;
  plan: PlanId;
  products: ProductId[];
  plans: BillingPlan[];
  /** `['ChangePlan']` for those who may change the plan (owners, administrators), else `[]`. */
  allowedActions: string[];
}

/** A product's display name: `console.organisations.products.<id>` (`translate` from `useTranslate()`). */
export const productLabel = (product: string, translate: (key: string, options?: object) => string) =>
  translate(`console.organisations.products.${product}`, { _: product });

/** The route of an organisation's Billing tab in the console. */
export const billingPath = (organisationId: Identifier) =>
  `/organisations/${encodeURIComponent(String(organisationId))}/show/billing`;

