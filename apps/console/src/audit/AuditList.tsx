import { INLINE_ERRORS, ListError, PaginationUnlessFailed } from '../common/ListError';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { Typography } from '@mui/material';
import { DataTable, List, TopToolbar, useTranslate } from 'react-admin';
import { EmptyState } from '../common/EmptyState';
import { SmallList, useSmallScreen } from '../common/SmallList';
import { ActionField, ActorField, AuditRecordField, MoveField, NoteField } from './AuditFields';
import { AuditExportButton } from './AuditExportButton';
import { auditFilters } from './AuditFilters';
import { NoMatches } from './NoMatches';
import { AUDIT_RESOURCES, humanizeName, resourceLabel } from './labels';
import { useRecordPath } from './recordPath';
import type { AuditRecord } from './types';
import { MomentField } from '../common/DateFields';
import { formatMoment } from '../common/dates';

const Actions = () => (
  <TopToolbar>
    <AuditExportButton />
  </TopToolbar>
);

const Column = DataTable.Col<AuditRecord>;

/**
 * The audit trail (`GET /api/audit`): every event of the organisation's records, newest first:
 * who did what to which record, the workflow move and the note; filters by person, action,
 * record type, dates and text; the CSV export takes the same filters.
 */
export const AuditList = () => {
  const small = useSmallScreen('md');
  const translate = useTranslate();
  const pathOf = useRecordPath();
  // On a phone the whole row opens the record the table's Record column links to.
  const recordPath = (record: AuditRecord) => {
    const reference = AUDIT_RESOURCES[record.resource]?.reference;
    return (reference && pathOf(reference, record.resourceId)) || false;
  };
  return (
    <List
      error={<ListError />}
      queryOptions={INLINE_ERRORS}
      pagination={<PaginationUnlessFailed />}
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
        <SmallList<AuditRecord>
          name={(record) =>
            `${record.actor?.name ?? translate('console.audit.system')}: ${humanizeName(record.action ?? record.type)}`
          }
          status={(record) => formatMoment(record.time)}
          secondary={(record) =>
            `${resourceLabel(record.resource, translate)}${record.recordName ? `: ${record.recordName}` : ''}${record.note ? ` · ${record.note}` : ''}`
          }
          rowClick={(_id, _resource, record) => recordPath(record as AuditRecord)}
          empty={<NoMatches text="console.audit.noMatches" />}
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
            '& td.column-note': { minWidth: 180 },
          }}
        >
          <Column source="time">
            <MomentField source="time" />
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
