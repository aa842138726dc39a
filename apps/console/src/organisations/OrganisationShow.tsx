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
import { SmallList, useSmallScreen } from '../common/SmallList';
import type { Website } from '../types';
import { useWebsiteOptions } from '../websites/useWebsiteOptions';

const Actions = () => (
  <TopToolbar>
    <EditIfAllowed />
  </TopToolbar>
);

export const OrganisationShow = () => {
  const translate = useTranslate();
  const small = useSmallScreen();
  const websiteOptions = useWebsiteOptions();
  const websiteStatus = (status: string) => websiteOptions?.statuses?.find((s) => s.id === status)?.name ?? status;
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
          <ReferenceManyField
            reference="websites"
            target="organisationId"
            label={false}
            sort={{ field: 'name', order: 'ASC' }}
          >
            {small ? (
              <SmallList<Website>
                name={(website) => website.name}
                status={(website) => websiteStatus(website.status)}
                secondary={(website) => website.domain || website.url}
                rowClick="show"
                empty={<span>{translate('console.organisations.noWebsites')}</span>}
              />
            ) : (
              <DataTable
                rowClick="show"
                bulkActionButtons={false}
                empty={<span>{translate('console.organisations.noWebsites')}</span>}
              >
                <DataTable.Col source="name" />
                <DataTable.Col source="url" label="resources.websites.fields.url" field={UrlField} />
                <DataTable.Col source="status">
                  <StatusChip />
                </DataTable.Col>
              </DataTable>
            )}
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
