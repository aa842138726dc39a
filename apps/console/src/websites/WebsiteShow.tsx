import {
  BooleanField,
  FunctionField,
  ReferenceField,
  Show,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  TextArrayField,
  UrlField,
  useRecordContext,
  useTranslate,
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
import { MomentField } from '../common/DateFields';

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

const Heading = ({ children }: { children: string; label?: false }) => {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle1" component="h3" sx={{ mt: 1, fontWeight: 500 }}>
      {translate(children)}
    </Typography>
  );
};

/** The locales with their URL prefixes, one per line. */
const LocaleList = (_props: { label?: string }) => {
  const record = useRecordContext<WebsiteSettings>();
  const translate = useTranslate();
  if (!record?.locales?.length) return <Typography variant="body2">—</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
      {record.locales.map((entry) => (
        <Typography component="li" variant="body2" key={entry.locale}>
          {entry.locale}{' '}
          <Box component="span" sx={{ color: 'text.secondary', fontFamily: 'monospace' }}>
            {entry.urlPrefix ? entry.urlPrefix : translate('console.websites.noPrefix')}
          </Box>
        </Typography>
      ))}
    </Box>
  );
};

const optional = (value: string | null | undefined) => (value ? value : '—');

export const WebsiteShow = () => {
  const translate = useTranslate();
  return (
    <Show actions={<Actions />} title={<WebsiteTitle />}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="console.websites.tabs.overview">
          <FieldGrid>
            <TextField source="name" />
            <StatusChip label="resources.websites.fields.status" />
            <ReferenceField source="organisationId" reference="organisations" link="show" />
            <UrlField source="url" target="_blank" rel="noopener" />
            <TextField source="domain" emptyText="—" />
            <MomentField source="createdAt" website label="resources.websites.fields.createdAt" />
            <FunctionField<Website> source="category" render={(record) => text(record.category)} />
            <FunctionField<Website> source="type" render={(record) => text(record.type)} />
            <FunctionField<Website> source="industry" render={(record) => text(record.industry)} />
            <TextField source="currency" emptyText="—" />
            <TextField source="timezone" />
            <TextField source="key" emptyText="—" sx={{ fontFamily: 'monospace' }} />
          </FieldGrid>
          <Heading label={false}>console.websites.sections.workflow</Heading>
          <FieldGrid>
            <FunctionField<Website>
              source="factCheckLevels"
              render={(record) => translate(factCheckLabel(record.factCheckLevels))}
            />
            <FunctionField<Website> source="reviewType" render={(record) => text(record.reviewType)} />
            <BooleanField source="secondEdit" />
            <BooleanField source="customerReview" />
            <BooleanField source="factCheckerDisplay" />
            <BooleanField source="publishContent" />
            <BooleanField source="regulated" />
            <BooleanField source="fourEyes" />
            <BooleanField source="videoCms" />
            <BooleanField source="croProxy" />
          </FieldGrid>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="console.websites.tabs.localisation" path="localisation">
          <FieldGrid>
            <TextField source="defaultLocale" />
            <LocaleList label="resources.websites.fields.locales" />
            <TextArrayField source="approvingLocales" emptyText="—" />
          </FieldGrid>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="console.websites.tabs.code" path="code">
          <Code source="customHeadCode" label="resources.websites.fields.customHeadCode" />
          <Code source="customBodyCode" label="resources.websites.fields.customBodyCode" />
          <FieldGrid>
            <BooleanField source="showInSitemap" />
            <TextField source="cdnDistributionId" emptyText="—" />
          </FieldGrid>
          <Heading label={false}>console.websites.sections.siteBuilder</Heading>
          <FieldGrid>
            <FunctionField<WebsiteSettings>
              label="resources.websites.fields.siteBuilder.token"
              render={(record) =>
                record.siteBuilder ? maskSecret(record.siteBuilder.token) : translate('console.websites.notConnected')
              }
            />
            <FunctionField<WebsiteSettings>
              label="resources.websites.fields.siteBuilder.siteId"
              render={(record) => optional(record.siteBuilder?.siteId)}
            />
            <FunctionField<WebsiteSettings>
              label="resources.websites.fields.siteBuilder.authorsCollectionId"
              render={(record) => optional(record.siteBuilder?.authorsCollectionId)}
            />
            <FunctionField<WebsiteSettings>
              label="resources.websites.fields.siteBuilder.categoriesCollectionId"
              render={(record) => optional(record.siteBuilder?.categoriesCollectionId)}
            />
            <FunctionField<WebsiteSettings>
              label="resources.websites.fields.siteBuilder.blogCollectionId"
              render={(record) => optional(record.siteBuilder?.blogCollectionId)}
            />
          </FieldGrid>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="console.websites.tabs.analytics" path="analytics">
          <FunctionField<WebsiteSettings>
            label="resources.websites.fields.analytics.trackingDomains"
            render={(record) =>
              record.analytics?.trackingDomains?.length ? record.analytics.trackingDomains.join(', ') : '—'
            }
          />
          <Heading label={false}>console.websites.sections.analyticsIds</Heading>
          <FieldGrid>
            <TextField source="analytics.googleAnalyticsId" emptyText="—" />
            <TextField source="analytics.facebookPixelId" emptyText="—" />
            <TextField source="analytics.tagManagerId" emptyText="—" />
            <TextField source="analytics.segmentWriteKey" emptyText="—" />
            <TextField source="analytics.hubspotCtaClickEventId" emptyText="—" />
          </FieldGrid>
          <Heading label={false}>console.websites.sections.controlGroup</Heading>
          <FunctionField<WebsiteSettings>
            label="resources.websites.fields.analytics.controlGroupPct"
            render={(record) => `${record.analytics?.controlGroupPct ?? 0} %`}
          />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="console.websites.tabs.roles" path="roles">
          <WebsiteAccess label={false} />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="console.websites.tabs.history" path="history">
          <History />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
};
