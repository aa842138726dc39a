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

/** Display names of the products. */
export const PRODUCT_LABELS: Record<ProductId, string> = {
  cms: 'CMS',
  community: 'Community',
  strategy: 'Strategy',
  cro: 'CRO',
  video: 'Video',
  experts: 'Experts',
};

export const productLabel = (product: string) => PRODUCT_LABELS[product as ProductId] ?? product;

/** The route of an organisation's Billing tab in the console. */
export const billingPath = (organisationId: Identifier) =>
  `/organisations/${encodeURIComponent(String(organisationId))}/show/billing`;

