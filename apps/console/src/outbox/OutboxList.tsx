import MailIcon from '@mui/icons-material/Mail';
import { DataTable, DateField, List } from 'react-admin';
import { SearchField } from '../common/SearchField';
import { AdminOnly } from '../common/AdminOnly';
import { EmptyState } from '../common/EmptyState';
import type { OutboxMail } from '../types';
import { MailText } from './MailText';

const Column = DataTable.Col<OutboxMail>;

const filters = [<SearchField key="q" source="q" alwaysOn placeholder="console.outbox.search" />];

/** The mails the API kept because no SMTP server is configured; a row opens to the mail's text. */
export const OutboxList = () => (
  <AdminOnly title="resources.admin/outbox.name" text="console.outbox.adminOnly">
    <List<OutboxMail>
      title="resources.admin/outbox.name"
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
      empty={
        <EmptyState
          title="console.outbox.empty.title"
          text="console.outbox.empty.text"
          icon={<MailIcon />}
          create={false}
        />
      }
    >
      <DataTable rowClick="expand" expand={<MailText />} bulkActionButtons={false}>
        <Column source="to" />
        <Column source="subject" sx={{ fontWeight: 500 }} />
        <Column source="createdAt">
          <DateField source="createdAt" showTime options={{ dateStyle: 'medium', timeStyle: 'short' }} sx={{ whiteSpace: 'nowrap' }} />
        </Column>
      </DataTable>
    </List>
  </AdminOnly>
);
