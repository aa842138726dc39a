import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, DateField, List, SimpleList, TopToolbar, useTranslate } from 'react-admin';
import { EmptyState } from '../common/EmptyState';
import { ActionField, ActorField, AuditRecordField, MoveField, NoteField } from './AuditFields';
import { AuditExportButton } from './AuditExportButton';
import { auditFilters } from './AuditFilters';
import { NoMatches } from './NoMatches';
import { humanizeName, resourceLabel } from './labels';
import type { AuditRecord } from './types';

const Actions = () => (
  <TopToolbar>
    <AuditExportButton />
  </TopToolbar>
);

const Column = DataTable.Col<AuditRecord>;

const TIME = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;

/**
 * The audit trail (`GET /api/audit`): every event of the organisation's records, newest first:
 * who did what to which record, the workflow move and the note; filters by person, action,
 * record type, dates and text; the CSV export takes the same filters.
 */
export const AuditList = () => {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <List
      title="console.audit.title"
      filters={auditFilters}
      actions={<Actions />}
      sort={{ field: 'time', order: 'DESC' }}
      perPage={50}
      empty={
        <EmptyState
          title="console.audit.empty.title"
          text="console.audit.empty.text"
          icon={<ManageSearchIcon />}
          create={false}
        />
      }
    >
      {small ? (
        <SimpleList<AuditRecord>
          primaryText={(record) => `${record.actor?.name ?? translate('console.audit.system')}: ${humanizeName(record.action ?? record.type)}`}
          secondaryText={(record) => `${resourceLabel(record.resource, translate)}${record.note ? ` · ${record.note}` : ''}`}
          tertiaryText={(record) => new Date(record.time).toLocaleString(undefined, TIME)}
          linkType={false}
        />
      ) : (
        <DataTable
          rowClick={false}
          bulkActionButtons={false}
          empty={<NoMatches text="console.audit.noMatches" />}
          sx={{
            '& .MuiTableCell-root': { verticalAlign: 'top' },
            '& .column-time': { whiteSpace: 'nowrap' },
            '& td.column-resource': { minWidth: 200 },
            '& td.column-action': { minWidth: 150 },
          }}
        >
          <Column source="time">
            <DateField source="time" showTime options={TIME} />
          </Column>
          <Column source="actorId" disableSort>
            <ActorField />
          </Column>
          <Column source="action">
            <ActionField />
          </Column>
          <Column source="resource">
            <AuditRecordField />
          </Column>
          <Column source="from" disableSort>
            <MoveField />
          </Column>
          <Column source="note" disableSort>
            <NoteField />
          </Column>
        </DataTable>
      )}
      {/* Keeps the page honest about what the list is. */}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2, py: 1 }}>
        {translate('console.audit.timesNote')}
      </Typography>
    </List>
  );
};
