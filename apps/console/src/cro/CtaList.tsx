import WidgetsOutlinedIcon from '@mui/icons-material/WidgetsOutlined';
import { Chip, Tab, Tabs } from '@mui/material';
import { useEffect } from 'react';
import { DataTable, useListContext, useRecordContext, useStore, useTranslate } from 'react-admin';
import { humanize } from '../common/choices';
import { dotted } from '../common/SmallList';
import { CroList } from './CroList';
import type { CroRecord } from './types';

/**
 * The CTA list's tabs, each a filter of the list API on `type` (a list of types too) and `subtype`:
 * - All: every type;
 * - Form: `form`; Popups: `popup`;
 * - Wizards and Surveys: forms and popups whose `subtype` is `wizard` / `survey`;
 * - CTAs: `product_cta`, `product_review`, `top_products`, `rating`, `inline`;
 * - Banners: `bar`, `banner`, `carousel`.
 */
const TABS: { id: string; types?: string[]; subtype?: string }[] = [
  { id: 'all' },
  { id: 'form', types: ['form'] },
  { id: 'popups', types: ['popup'] },
  { id: 'wizards', types: ['form', 'popup'], subtype: 'wizard' },
  { id: 'surveys', types: ['form', 'popup'], subtype: 'survey' },
  { id: 'ctas', types: ['product_cta', 'product_review', 'top_products', 'rating', 'inline'] },
  { id: 'banners', types: ['bar', 'banner', 'carousel'] },
];
const tabOf = (id: string) => TABS.find((tab) => tab.id === id) ?? TABS[0]!;

const TypeTabs = () => {
  const [current, setCurrent] = useStore('cro.ctas.tab', 'all');
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const translate = useTranslate();
  // The tab's type and subtype filters (a filter no tab stands for, set by another page: back to the tab's).
  useEffect(() => {
    const { types, subtype } = tabOf(current);
    if (
      JSON.stringify(types ?? null) !== JSON.stringify(filterValues.type ?? null) ||
      (subtype ?? null) !== (filterValues.subtype ?? null)
    ) {
      const { type: _type, subtype: _subtype, ...rest } = filterValues as Record<string, unknown>;
      setFilters({ ...rest, ...(types ? { type: types } : {}), ...(subtype ? { subtype } : {}) }, displayedFilters);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);
  return (
    <Tabs
      value={tabOf(current).id}
      onChange={(_event, value: string) => setCurrent(value)}
      variant="scrollable"
      scrollButtons="auto"
      aria-label={translate('console.cro.ctas.tabsLabel')}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {TABS.map((tab) => (
        <Tab key={tab.id} value={tab.id} label={translate(`console.cro.ctas.tabs.${tab.id}`)} data-tab={tab.id} />
      ))}
    </Tabs>
  );
};

const TypeChip = (_props: { label?: string }) => {
  const record = useRecordContext<CroRecord>();
  if (!record?.type) return null;
  return <Chip size="small" variant="outlined" label={humanize(String(record.type))} />;
};

const Column = DataTable.Col<CroRecord>;

/** CTAs (`GET /api/ctas`): forms, popups, banners and product widgets of the websites. */
export const CtaList = () => (
  <CroList
    icon={<WidgetsOutlinedIcon />}
    above={<TypeTabs />}
    secondary={(record) => dotted(humanize(String(record.type ?? '')), record.subtype as string | undefined)}
    columns={
      <Column source="type" label="console.cro.fields.type">
        <TypeChip />
      </Column>
    }
  />
);
