import { Alert, AlertTitle } from '@mui/material';
import { Link, type Identifier } from 'react-admin';
import { billingPath, productLabel, type ProductId } from './billing';

export interface UpgradePromptProps {
  /** The product the organisation's plan does not include, e.g. `'video'`. */
  product: ProductId;
  /** The organisation whose plan lacks the product; the link opens its Billing tab. */
  organisationId: Identifier;
  /** The organisation's name, to say whose plan it is (optional). */
  organisationName?: string;
}

/**
 * Shown in place of a product screen when the organisation's plan does not include that product
 * (compare with the organisation's `products`): an "Upgrade to access" alert linking to the
 * organisation's Billing tab, where owners can switch plans.
 *
 * @example
 * if (!organisation.products.includes('video')) {
 *   return <UpgradePrompt product="video" organisationId={organisation.id} organisationName={organisation.name} />;
 * }
 */
export const UpgradePrompt = ({ product, organisationId, organisationName }: UpgradePromptProps) => {
  const label = productLabel(product);
  return (
    <Alert severity="info" data-product={product}>
      <AlertTitle>Upgrade to access</AlertTitle>
      {label} is not included in {organisationName ? `the plan of "${organisationName}"` : "your organisation's plan"}.{' '}
      <Link to={billingPath(organisationId)}>See plans and billing</Link>
    </Alert>
  );
};
