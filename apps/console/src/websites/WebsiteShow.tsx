import {
  BooleanField,
  DateField,
  EditButton,
  FunctionField,
  NumberField,
  ReferenceField,
  Show,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  UrlField,
} from 'react-admin';
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
    <EditButton />
  </TopToolbar>
);

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
        </FieldGrid>
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Workflow" path="workflow">
        <FieldGrid>
          <BooleanField source="secondEdit" label="Second edit" />
          <BooleanField source="customerReview" label="Customer review" />
          <NumberField source="factCheckLevels" label="Fact-check levels" />
          <BooleanField source="publishContent" label="Publish content" />
          <BooleanField source="regulated" label="Regulated industry" />
          <BooleanField source="fourEyes" label="Four-eyes rule" />
          <BooleanField source="videoCms" label="Video CMS" />
          <BooleanField source="croProxy" label="CRO proxy" />
          <NumberField source="version" />
        </FieldGrid>
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="History" path="history">
        <History />
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  </Show>
);
