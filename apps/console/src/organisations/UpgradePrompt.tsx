import { Alert, AlertTitle } from '@mui/material';
import { Link, useTranslate, type Identifier } from 'react-admin';
import { billingPath, useProductLabel, type ProductId } from './billing';

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
  const translate = useTranslate();
  const label = useProductLabel()(product);
  return (
    <Alert severity="info" data-product={product}>
      <AlertTitle>{translate('console.organisations.upgrade.title')}</AlertTitle>
      {organisationName
        ? translate('console.organisations.upgrade.planOf', { product: label, name: organisationName })
        : translate('console.organisations.upgrade.yourPlan', { product: label })}{' '}
      <Link to={billingPath(organisationId)}>{translate('console.organisations.upgrade.seePlans')}</Link>
    </Alert>
  );
};
