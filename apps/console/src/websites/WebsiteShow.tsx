import {
  BooleanField,
  DateField,
  FunctionField,
  NumberField,
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
          <BooleanField source="showInSitemap" label="Show in sitemap" />
          <TextField source="key" label="Tracking key" emptyText="—" sx={{ fontFamily: 'monospace' }} />
        </FieldGrid>
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Localisation" path="localisation">
        <FieldGrid>
          <TextField source="defaultLocale" label="Default locale" />
          <FunctionField<Website>
            label="Additional locales"
            render={(record) =>
              record.locales?.length
                ? record.locales.map((l) => `${l.locale}${l.urlPrefix ? ` (${l.urlPrefix})` : ''}`).join(', ')
                : '—'
            }
          />
          <TextField source="timezone" label="Time zone" />
          <TextArrayField source="approvingLocales" label="Approving locales" emptyText="—" />
        </FieldGrid>
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Workflow" path="workflow">
        <FieldGrid>
          <BooleanField source="secondEdit" label="Second edit" />
          <BooleanField source="customerReview" label="Customer review" />
          <NumberField source="factCheckLevels" label="Fact-check levels" />
          <FunctionField<Website> label="Review type" render={(record) => text(record.reviewType)} />
          <BooleanField source="factCheckerDisplay" label="Show the fact checker" />
          <BooleanField source="publishContent" label="Publish content" />
          <BooleanField source="regulated" label="Regulated industry" />
          <BooleanField source="fourEyes" label="Four-eyes rule" />
          <BooleanField source="videoCms" label="Video CMS" />
          <BooleanField source="croProxy" label="CRO proxy" />
          <NumberField source="version" />
        </FieldGrid>
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Custom code" path="code">
        <Code source="customHeadCode" label="Custom head code" />
        <Code source="customBodyCode" label="Custom body code" />
        <TextField source="cdnDistributionId" label="CDN distribution id" emptyText="—" />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="History" path="history">
        <History />
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  </Show>
);
