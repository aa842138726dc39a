import {
  BooleanField,
  DateField,
  FunctionField,
  ReferenceField,
  Show,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  TextArrayField,
  UrlField,
  useRecordContext,
} from 'react-admin';
import { Box, Typography } from '@mui/material';
import { EditIfAllowed } from '../common/EditIfAllowed';
import { humanize } from '../common/choices';
import { FieldGrid } from '../common/FieldGrid';
import { History } from '../common/History';
import { StatusChip } from '../common/StatusChip';
import type { Website } from '../types';
import { factCheckLabel, maskSecret, type WebsiteSettings } from './settings';
import { WebsiteAccess } from './WebsiteAccess';
import { WebsiteActionButtons } from './WebsiteActionButtons';
import { WebsiteTitle } from './WebsiteTitle';

const Actions = () => (
  <TopToolbar>
    <WebsiteActionButtons />
    <EditIfAllowed />
  </TopToolbar>
);

const Code = ({ source }: { source: 'customHeadCode' | 'customBodyCode'; label?: string }) => {
  const record = useRecordContext<Website>();
  const code = record?.[source];
  if (!code) return <Typography variant="body2">—</Typography>;
  return (
    <Box
      component="pre"
      sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, fontSize: 13, overflowX: 'auto', maxWidth: '100%' }}
    >
      {code}
    </Box>
  );
};

const text = (value: unknown) => (value == null || value === '' ? '—' : humanize(String(value)));

const Heading = ({ children }: { children: string; label?: false }) => (
  <Typography variant="subtitle1" component="h3" sx={{ mt: 1, fontWeight: 500 }}>
    {children}
  </Typography>
);

/** The locales with their URL prefixes, one per line. */
const LocaleList = (_props: { label?: string }) => {
  const record = useRecordContext<WebsiteSettings>();
  if (!record?.locales?.length) return <Typography variant="body2">—</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
      {record.locales.map((entry) => (
        <Typography component="li" variant="body2" key={entry.locale}>
          {entry.locale}{' '}
          <Box component="span" sx={{ color: 'text.secondary', fontFamily: 'monospace' }}>
            {entry.urlPrefix ? entry.urlPrefix : '(no prefix)'}
          </Box>
        </Typography>
      ))}
    </Box>
  );
};

const optional = (value: string | null | undefined) => (value ? value : '—');

export const WebsiteShow = () => (
  <Show actions={<Actions />} title={<WebsiteTitle />}>
    <TabbedShowLayout>
      <TabbedShowLayout.Tab label="Overview">
        <FieldGrid>
          <TextField source="name" />
          <StatusChip label="Status" />
          <ReferenceField source="organisationId" reference="organisations" label="Organisation" link="show" />
          <UrlField source="url" label="URL" target="_blank" rel="noopener" />
          <TextField source="domain" emptyText="—" />
          <DateField source="createdAt" label="Created" showTime />
          <FunctionField<Website> label="Category" render={(record) => text(record.category)} />
          <FunctionField<Website> label="Type" render={(record) => text(record.type)} />
          <FunctionField<Website> label="Industry" render={(record) => text(record.industry)} />
          <TextField source="currency" emptyText="—" />
          <TextField source="timezone" label="Time zone" />
          <TextField source="key" label="Tracking key" emptyText="—" sx={{ fontFamily: 'monospace' }} />
        </FieldGrid>
        <Heading label={false}>Article workflow</Heading>
        <FieldGrid>
          <FunctionField<Website> label="Fact-check levels" render={(record) => factCheckLabel(record.factCheckLevels)} />
          <FunctionField<Website> label="Review type" render={(record) => text(record.reviewType)} />
          <BooleanField source="secondEdit" label="Second edit" />
          <BooleanField source="customerReview" label="Customer review" />
          <BooleanField source="factCheckerDisplay" label="Show the fact checker" />
          <BooleanField source="publishContent" label="Publish content" />
          <BooleanField source="regulated" label="Regulated industry" />
          <BooleanField source="fourEyes" label="Four-eyes rule" />
          <BooleanField source="videoCms" label="Video CMS" />
          <BooleanField source="croProxy" label="CRO proxy" />
        </FieldGrid>
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Localisation" path="localisation">
        <FieldGrid>
          <TextField source="defaultLocale" label="Default locale" />
          <LocaleList label="Locales and URL prefixes" />
          <TextArrayField source="approvingLocales" label="Approving locales" emptyText="—" />
        </FieldGrid>
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Custom code" path="code">
        <Code source="customHeadCode" label="Custom head code" />
        <Code source="customBodyCode" label="Custom body code" />
        <FieldGrid>
          <BooleanField source="showInSitemap" label="Show in sitemap" />
          <TextField source="cdnDistributionId" label="CDN distribution id" emptyText="—" />
        </FieldGrid>
        <Heading label={false}>Site builder</Heading>
        <FieldGrid>
          <FunctionField<WebsiteSettings>
            label="Site-builder token"
            render={(record) => (record.siteBuilder ? maskSecret(record.siteBuilder.token) : 'Not connected')}
          />
          <FunctionField<WebsiteSettings> label="Site id" render={(record) => optional(record.siteBuilder?.siteId)} />
          <FunctionField<WebsiteSettings>
            label="Authors collection id"
            render={(record) => optional(record.siteBuilder?.authorsCollectionId)}
          />
          <FunctionField<WebsiteSettings>
            label="Categories collection id"
            render={(record) => optional(record.siteBuilder?.categoriesCollectionId)}
          />
          <FunctionField<WebsiteSettings>
            label="Blog collection id"
            render={(record) => optional(record.siteBuilder?.blogCollectionId)}
          />
        </FieldGrid>
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Roles and permissions" path="roles">
        <WebsiteAccess label={false} />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="History" path="history">
        <History />
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  </Show>
);
