/** The plans an organisation can be on, and the products each includes (billing). */
export const PLANS = {
  starter: { name: 'Starter', products: ['cms'] },
  growth: { name: 'Growth', products: ['cms', 'community', 'strategy'] },
  scale: { name: 'Scale', products: ['cms', 'community', 'strategy', 'cro', 'video', 'experts'] },
} as const;

export type Plan = keyof typeof PLANS;
export const PLAN_NAMES = Object.keys(PLANS) as Plan[];
/** Every product of the platform, in the order the console shows them. */
export const PRODUCTS = ['cms', 'community', 'strategy', 'cro', 'video', 'experts'] as const;
export type Product = (typeof PRODUCTS)[number];
/** How the console names each product (`GET /api/organisations/options`). */
export const PRODUCT_NAMES: Record<Product, string> = {
  cms: 'CMS',
  community: 'Community',
  strategy: 'Strategy',
  cro: 'CRO',
  video: 'Video',
  experts: 'Experts',
};

export function productsOf(plan: Plan): Product[] {
  return [...PLANS[plan].products];
}
