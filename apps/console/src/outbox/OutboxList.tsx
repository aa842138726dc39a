import MailIcon from '@mui/icons-material/Mail';
import { Box, Typography } from '@mui/material';
import { DataTable, List } from 'react-admin';
import { SearchField } from '../common/SearchField';
import { AdminOnly } from '../common/AdminOnly';
import { EmptyState } from '../common/EmptyState';
import { formatMoment } from '../common/dates';
import { useSmallScreen } from '../common/SmallList';
import type { OutboxMail } from '../types';
import { MailText } from './MailText';
import { MomentField } from '../common/DateFields';
import { INLINE_ERRORS, ListError } from '../common/ListError';

const Column = DataTable.Col<OutboxMail>;

const filters = [<SearchField key="q" source="q" alwaysOn placeholder="console.outbox.search" />];

/**
 * A mail on a phone, in one cell: the subject, whom it went to and when. The table stays a table
 * (not a simple list) so that a row still opens to the mail's text.
 */
const MailSummary = ({ mail }: { mail: OutboxMail }) => (
  <Box data-small-list-row sx={{ minWidth: 0 }}>
    <Typography variant="body2" data-name sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
      {mail.subject}
    </Typography>
    <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
      {mail.to} · {formatMoment(mail.createdAt)}
    </Typography>
  </Box>
);

/** The mails the API kept because no SMTP server is configured; a row opens to the mail's text. */
export const OutboxList = () => {
  const small = useSmallScreen();
  return (
    <AdminOnly title="resources.admin/outbox.name" text="console.outbox.adminOnly">
      <List<OutboxMail>
        error={<ListError />}
        queryOptions={INLINE_ERRORS}
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
        {small ? (
          <DataTable
            rowClick="expand"
            expand={<MailText />}
            bulkActionButtons={false}
            sx={{ '& .MuiTableCell-root': { px: 1 } }}
          >
            <Column source="subject" render={(mail) => <MailSummary mail={mail} />} />
          </DataTable>
        ) : (
          <DataTable rowClick="expand" expand={<MailText />} bulkActionButtons={false}>
            <Column source="to" />
            <Column source="subject" sx={{ fontWeight: 500 }} />
            <Column source="createdAt">
              <MomentField source="createdAt" />
            </Column>
          </DataTable>
        )}
      </List>
    </AdminOnly>
  );
};
