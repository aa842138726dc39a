import {
  DataTable,
  DateField,
  EditButton,
  ReferenceManyField,
  Show,
  TabbedShowLayout,
  TextArrayField,
  TextField,
  TopToolbar,
  UrlField,
} from 'react-admin';
import { History } from '../common/History';
import { StatusChip } from '../common/StatusChip';

const Actions = () => (
  <TopToolbar>
    <EditButton />
  </TopToolbar>
);

export const OrganisationShow = () => (
  <Show actions={<Actions />}>
    <TabbedShowLayout>
      <TabbedShowLayout.Tab label="Overview">
        <TextField source="name" />
        <UrlField source="website" emptyText="—" />
        <TextField source="country" emptyText="—" />
        <TextArrayField source="locales" emptyText="—" />
        <TextField source="timezone" label="Time zone" />
        <DateField source="createdAt" label="Created" showTime />
        <TextField source="version" />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Websites" path="websites">
        <ReferenceManyField reference="websites" target="organisationId" label={false} sort={{ field: 'name', order: 'ASC' }}>
          <DataTable rowClick="show" bulkActionButtons={false} empty={<span>No websites yet</span>}>
            <DataTable.Col source="name" />
            <DataTable.Col source="url" field={UrlField} />
            <DataTable.Col source="status">
              <StatusChip />
            </DataTable.Col>
          </DataTable>
        </ReferenceManyField>
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="History" path="history">
        <History />
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  </Show>
);
