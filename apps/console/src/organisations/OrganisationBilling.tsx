import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Alert, Box, Card, CardActions, CardContent, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import {
  Button,
  Confirm,
  useDataProvider,
  useLogoutIfAccessDenied,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { errorMessage } from '../common/errors';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import type { Organisation } from '../types';
import { useProductLabel, type BillingPlan, type OrganisationBilling as Billing, type ProductId } from './billing';

const PlanCard = ({
  plan,
  current,
  canChange,
  disabled,
  onSwitch,
}: {
  plan: BillingPlan;
  current: boolean;
  canChange: boolean;
  disabled: boolean;
  onSwitch: () => void;
}) => {
  const translate = useTranslate();
  const productLabel = useProductLabel();
  return (
    <Card
      variant="outlined"
      data-plan={plan.id}
      data-current={current ? 'true' : undefined}
      aria-label={translate(
        current ? 'console.organisations.billing.planCurrent' : 'console.organisations.billing.plan',
        { name: plan.name },
      )}
      role="region"
      sx={{
        flex: '1 1 220px',
        maxWidth: 360,
        display: 'flex',
        flexDirection: 'column',
        // The current plan is outlined; an outline keeps the cards' content aligned.
        borderColor: current ? 'primary.main' : undefined,
        outline: current ? '1px solid' : undefined,
        outlineColor: 'primary.main',
      }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
          <Typography variant="h6" component="h3">
            {plan.name}
          </Typography>
          {current ? (
            <Chip label={translate('console.organisations.billing.current')} color="primary" size="small" />
          ) : null}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('console.organisations.billing.includes')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
          {plan.products.map((product) => (
            <Chip key={product} label={productLabel(product)} size="small" variant="outlined" />
          ))}
        </Box>
      </CardContent>
      {!current && canChange ? (
        <CardActions>
          <Button
            label={translate('console.organisations.billing.switchTo', { name: plan.name })}
            disabled={disabled}
            onClick={onSwitch}
          >
            <SwapHorizIcon />
          </Button>
        </CardActions>
      ) : null}
    </Card>
  );
};

/**
 * The organisation's Billing tab: its plan (highlighted), a card per plan with the products it
 * includes, and — for those allowed `ChangePlan` — a confirmed "Switch to …" on the other plans;
 * the confirmation of a downgrade lists the products the organisation loses.
 */
export const OrganisationBilling = () => {
  const record = useRecordContext<Organisation>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const translate = useTranslate();
  const productLabel = useProductLabel();
  const [billing, setBilling] = useState<Billing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<BillingPlan | null>(null);
  const [running, setRunning] = useState(false);
  const id = record?.id;
  const version = record?.version;

  useEffect(() => {
    if (id == null) return;
    let cancelled = false;
    dataProvider
      .getPart<Billing>('organisations', id, 'billing')
      .then(({ data }) => {
        if (cancelled) return;
        setBilling(data);
        setError(null);
      })
      .catch(async (e: unknown) => {
        if (cancelled) return;
        if (await logoutIfAccessDenied(e)) return;
        setError(e instanceof Error && e.message ? e.message : 'console.organisations.billing.loadFailed');
      });
    return () => {
      cancelled = true;
    };
    // Refetch when the record changes (a plan change bumps its version).
  }, [id, version, logoutIfAccessDenied, dataProvider]);

  if (!record) return null;
  if (error) return <Alert severity="error">{translate(error)}</Alert>;
  if (!billing) return <CircularProgress size={24} aria-label={translate('console.organisations.billing.loading')} />;

  const canChange = billing.allowedActions.includes('ChangePlan');
  const currentName = billing.plans.find((plan) => plan.id === billing.plan)?.name ?? billing.plan;
  // What the organisation would lose: the products it has that the chosen plan does not include.
  const lost = confirming ? billing.products.filter((product) => !confirming.products.includes(product)) : [];

  const change = async (plan: BillingPlan) => {
    setConfirming(null);
    setRunning(true);
    try {
      const { data } = await dataProvider.action<Organisation & { products?: ProductId[] }>(
        'organisations',
        record.id,
        'ChangePlan',
        {
          plan: plan.id,
        },
      );
      setBilling((previous) =>
        previous ? { ...previous, plan: plan.id, products: data.products ?? plan.products } : previous,
      );
      notify('console.organisations.billing.changed', { type: 'success', messageArgs: { name: plan.name } });
      refresh();
    } catch (e) {
      const loggedOut = await logoutIfAccessDenied(e);
      if (!loggedOut) notify(errorMessage(e), { type: 'error' });
    } finally {
      setRunning(false);
    }
  };

  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="body1" sx={{ mb: 2 }} data-testid="current-plan">
        {translate('console.organisations.billing.currentPlan')}
        <strong>{currentName}</strong>
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        {billing.plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            current={plan.id === billing.plan}
            canChange={canChange}
            disabled={running}
            onSwitch={() => setConfirming(plan)}
          />
        ))}
      </Box>
      {!canChange ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {translate('console.organisations.billing.ownersOnly')}
        </Typography>
      ) : null}
      <Confirm
        isOpen={confirming !== null}
        loading={running}
        title={confirming ? translate('console.organisations.billing.switchTitle', { name: confirming.name }) : ''}
        content={
          confirming ? (
            <>
              {translate('console.organisations.billing.switchText', {
                organisation: record.name,
                from: currentName,
                to: confirming.name,
                products: confirming.products.map((product) => productLabel(product)).join(', '),
              })}
              {lost.length ? (
                <Alert severity="warning" sx={{ mt: 2 }} data-testid="plan-losses">
                  {translate('console.organisations.billing.loses', {
                    smart_count: lost.length,
                    name: confirming.name,
                  })}
                  <Box component="ul" sx={{ my: 0.5, pl: 2.5 }}>
                    {lost.map((product) => (
                      <li key={product}>{productLabel(product)}</li>
                    ))}
                  </Box>
                  {translate('console.organisations.billing.losesHow')}
                </Alert>
              ) : null}
            </>
          ) : (
            ''
          )
        }
        confirm={
          confirming
            ? translate('console.organisations.billing.switchTo', { name: confirming.name })
            : 'console.common.buttons.confirm'
        }
        // Losing products (a downgrade) is the risky direction.
        confirmColor={lost.length ? 'warning' : 'primary'}
        onConfirm={() => confirming && void change(confirming)}
        onClose={() => setConfirming(null)}
      />
    </Box>
  );
};
