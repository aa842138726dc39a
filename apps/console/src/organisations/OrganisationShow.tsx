import {
  DataTable,
  DateField,
  ReferenceManyField,
  Show,
  TabbedShowLayout,
  TextArrayField,
  TextField,
  TopToolbar,
  UrlField,
} from 'react-admin';
import { EditIfAllowed } from '../common/EditIfAllowed';
import { FieldGrid } from '../common/FieldGrid';
import { History } from '../common/History';
import { StatusChip } from '../common/StatusChip';
import { OrganisationBilling } from './OrganisationBilling';
import { OrganisationMembers } from './OrganisationMembers';
import { OrganisationTitle } from './OrganisationTitle';

const Actions = () => (
  <TopToolbar>
    <EditIfAllowed />
  </TopToolbar>
);

export const OrganisationShow = () => (
  <Show actions={<Actions />} title={<OrganisationTitle />}>
    <TabbedShowLayout>
      <TabbedShowLayout.Tab label="Overview">
        <FieldGrid>
          <TextField source="name" />
          <UrlField source="website" emptyText="—" />
          <TextField source="country" emptyText="—" />
          <TextArrayField source="locales" emptyText="—" />
          <TextField source="timezone" label="Time zone" />
          <DateField source="createdAt" label="Created" showTime />
          <TextField source="version" />
        </FieldGrid>
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Members" path="members">
        <OrganisationMembers />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Websites" path="websites">
        <ReferenceManyField reference="websites" target="organisationId" label={false} sort={{ field: 'name', order: 'ASC' }}>
          <DataTable rowClick="show" bulkActionButtons={false} empty={<span>No websites yet</span>}>
            <DataTable.Col source="name" />
            <DataTable.Col source="url" label="URL" field={UrlField} />
            <DataTable.Col source="status">
              <StatusChip />
            </DataTable.Col>
          </DataTable>
        </ReferenceManyField>
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Billing" path="billing">
        <OrganisationBilling />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="History" path="history">
        <History />
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  </Show>
);
