import MailIcon from '@mui/icons-material/Mail';
import { DataTable, DateField, List, SearchInput } from 'react-admin';
import { AdminOnly } from '../common/AdminOnly';
import { EmptyState } from '../common/EmptyState';
import type { OutboxMail } from '../types';
import { MailText } from './MailText';

const Column = DataTable.Col<OutboxMail>;

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search recipient or subject" />];

/** The mails the API kept because no SMTP server is configured; a row opens to the mail's text. */
export const OutboxList = () => (
  <AdminOnly title="Outbox" text="Only platform administrators can read the outbox.">
    <List<OutboxMail>
      title="Outbox"
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
      empty={
        <EmptyState
          title="No mails"
          text="Mails are kept here while no SMTP server is configured."
          icon={<MailIcon />}
          create={false}
        />
      }
    >
      <DataTable rowClick="expand" expand={<MailText />} bulkActionButtons={false}>
        <Column source="to" />
        <Column source="subject" sx={{ fontWeight: 500 }} />
        <Column source="createdAt" label="Created">
          <DateField source="createdAt" showTime options={{ dateStyle: 'medium', timeStyle: 'short' }} sx={{ whiteSpace: 'nowrap' }} />
        </Column>
      </DataTable>
    </List>
  </AdminOnly>
);
