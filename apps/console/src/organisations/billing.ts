import type { Identifier } from 'react-admin';
import { useApiOptions } from '../providers/useApiOptions';

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

/** `GET /api/organisations/options` (the parts the console reads here): the products with their names. */
export interface OrganisationOptions {
  products: { id: ProductId; name: string }[];
}

/** A product's display name, from `GET /api/organisations/options` (cached for the page's life; the id until it is known). */
export const useProductLabel = () => {
  const { data } = useApiOptions<OrganisationOptions>('organisations');
  return (product: string) => data?.products.find((p) => p.id === product)?.name ?? product;
};

/** The route of an organisation's Billing tab in the console. */
export const billingPath = (organisationId: Identifier) =>
  `/organisations/${encodeURIComponent(String(organisationId))}/show/billing`;
