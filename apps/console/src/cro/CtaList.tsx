import WidgetsOutlinedIcon from '@mui/icons-material/WidgetsOutlined';
import { Chip, Tab, Tabs } from '@mui/material';
import { useEffect, type ReactElement } from 'react';
import { DataTable, ListContextProvider, useListContext, useRecordContext, useStore, useTranslate } from 'react-admin';
import { humanize } from '../common/choices';
import { dotted } from '../common/SmallList';
import { CroList } from './CroList';
import type { CroRecord } from './types';

/**
 * The CTA list's tabs, each a filter on `type` (the API filters by type, a list of types too):
 * - All: every type;
 * - Form: `form`; Popups: `popup`;
 * - Wizards and Surveys: forms and popups whose `subtype` is `wizard` / `survey` (the list API
 *   filters by type only, so the page's rows are narrowed by subtype here);
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
  // A type filter that no tab stands for (another page changed it): back to All.
  useEffect(() => {
    const types = tabOf(current).types;
    if (JSON.stringify(types ?? null) !== JSON.stringify(filterValues.type ?? null)) {
      const { type: _type, ...rest } = filterValues as Record<string, unknown>;
      setFilters(types ? { ...rest, type: types } : rest, displayedFilters);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);
  return (
    <Tabs value={tabOf(current).id} onChange={(_event, value: string) => setCurrent(value)} variant="scrollable" scrollButtons="auto" aria-label={translate('console.cro.ctas.tabsLabel')} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      {TABS.map((tab) => (
        <Tab key={tab.id} value={tab.id} label={translate(`console.cro.ctas.tabs.${tab.id}`)} data-tab={tab.id} />
      ))}
    </Tabs>
  );
};

/** The Wizards and Surveys tabs: the page's rows of that subtype. */
const BySubtype = ({ children }: { children: ReactElement }) => {
  const [current] = useStore('cro.ctas.tab', 'all');
  const context = useListContext<CroRecord>();
  const subtype = tabOf(current).subtype;
  if (!subtype) return children;
  const data = (context.data ?? []).filter((record) => record.subtype === subtype);
  return <ListContextProvider value={{ ...context, data, total: data.length } as typeof context}>{children}</ListContextProvider>;
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
  >
    {(table) => <BySubtype>{table}</BySubtype>}
  </CroList>
);
