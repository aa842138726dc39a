import {
  DataTable,
  ReferenceManyField,
  Show,
  TabbedShowLayout,
  TextArrayField,
  TextField,
  TopToolbar,
  UrlField,
  useTranslate,
} from 'react-admin';
import { EditIfAllowed } from '../common/EditIfAllowed';
import { FieldGrid } from '../common/FieldGrid';
import { History } from '../common/History';
import { StatusChip } from '../common/StatusChip';
import { OrganisationBilling } from './OrganisationBilling';
import { OrganisationMembers } from './OrganisationMembers';
import { OrganisationTitle } from './OrganisationTitle';
import { MomentField } from '../common/DateFields';

const Actions = () => (
  <TopToolbar>
    <EditIfAllowed />
  </TopToolbar>
);

export const OrganisationShow = () => {
  const translate = useTranslate();
  return (
    <Show actions={<Actions />} title={<OrganisationTitle />}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="console.organisations.tabs.overview">
          <FieldGrid>
            <TextField source="name" />
            <UrlField source="website" emptyText="—" />
            <TextField source="country" emptyText="—" />
            <TextArrayField source="locales" emptyText="—" />
            <TextField source="timezone" />
            <MomentField source="createdAt" label="resources.organisations.fields.createdAt" />
            <TextField source="version" />
          </FieldGrid>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="console.organisations.tabs.members" path="members">
          <OrganisationMembers />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="console.organisations.tabs.websites" path="websites">
          <ReferenceManyField reference="websites" target="organisationId" label={false} sort={{ field: 'name', order: 'ASC' }}>
            <DataTable rowClick="show" bulkActionButtons={false} empty={<span>{translate('console.organisations.noWebsites')}</span>}>
              <DataTable.Col source="name" />
              <DataTable.Col source="url" label="resources.websites.fields.url" field={UrlField} />
              <DataTable.Col source="status">
                <StatusChip />
              </DataTable.Col>
            </DataTable>
          </ReferenceManyField>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="console.organisations.tabs.billing" path="billing">
          <OrganisationBilling />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="console.organisations.tabs.history" path="history">
          <History />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
};
