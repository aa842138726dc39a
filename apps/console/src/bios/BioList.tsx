import { INLINE_ERRORS, ListError } from '../common/ListError';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import { Box, Chip, Typography } from '@mui/material';
import { CreateIfAllowed } from '../common/CreateIfAllowed';
import {
  DataTable,
  List,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  TopToolbar,
  useListContext,
  useRecordContext,
  type SelectInputProps,
} from 'react-admin';
import { SearchField } from '../common/SearchField';
import { NoMatches } from '../audit/NoMatches';
import { EmptyState } from '../common/EmptyState';
import { dotted, SmallList, useSmallScreen } from '../common/SmallList';
import { StatusChip } from '../common/StatusChip';
import { BioAvatar } from './BioAvatar';
import { withReturnTo } from './returnTo';
import { useBioOptions, type Bio } from './types';
import { MomentField } from '../common/DateFields';

/** The kind filter ("Writers", "Experts") and the status filter, their choices from `GET /api/bios/options`. */
function KindFilter(props: Omit<SelectInputProps, 'choices'>) {
  return <SelectInput {...props} choices={useBioOptions().kindsPlural} />;
}
function StatusFilter(props: Omit<SelectInputProps, 'choices'>) {
  return <SelectInput {...props} choices={useBioOptions().statuses} />;
}

const filters = [
  <SearchField key="q" source="q" alwaysOn placeholder="console.bios.search" />,
  <ReferenceInput
    key="websiteId"
    source="websiteId"
    reference="websites"
    sort={{ field: 'name', order: 'ASC' }}
    alwaysOn
  >
    <SelectInput
      optionText="name"
      label="resources.bios.fields.websiteId"
      emptyText="console.bios.allWebsites"
      sx={{ minWidth: 180 }}
    />
  </ReferenceInput>,
  <KindFilter key="kind" source="kind" label="resources.bios.fields.kind" emptyText="console.bios.any" alwaysOn />,
  <StatusFilter
    key="status"
    source="status"
    label="resources.bios.fields.status"
    emptyText="console.bios.any"
    alwaysOn
  />,
];

/** New bio, on the website and of the kind the list is filtered by. */
const Actions = () => {
  const { filterValues } = useListContext();
  const to = withReturnTo('/bios/create', null, { websiteId: filterValues.websiteId, kind: filterValues.kind });
  return (
    <TopToolbar>
      <CreateIfAllowed label="console.bios.create" variant="contained" to={to} />
    </TopToolbar>
  );
};

const Photo = (_props: { label?: string }) => {
  const record = useRecordContext<Bio>();
  return record ? <BioAvatar src={record.profilePic} name={record.displayName} size={36} /> : null;
};

const Name = (_props: { label?: string }) => {
  const record = useRecordContext<Bio>();
  if (!record) return null;
  const about = [record.title, record.role].filter(Boolean).join(', ');
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {record.displayName}
      </Typography>
      {about ? (
        <Typography variant="caption" color="text.secondary">
          {about}
        </Typography>
      ) : null}
    </Box>
  );
};

const Kind = (_props: { label?: string }) => {
  const record = useRecordContext<Bio>();
  const { kindLabel } = useBioOptions();
  return record ? (
    <Chip size="small" variant="outlined" label={kindLabel(record.kind)} data-kind={record.kind} />
  ) : null;
};

const Column = DataTable.Col<Bio>;

/** CMS settings, Bios: the writers and experts the websites credit on their posts (`GET /api/bios`). */
export const BioList = () => {
  const small = useSmallScreen('md');
  const { kindLabel, statuses } = useBioOptions();
  const statusLabel = (status: string) => statuses.find((s) => s.id === status)?.name ?? status;
  return (
    <List
      error={<ListError />}
      queryOptions={INLINE_ERRORS}
      title="resources.bios.name"
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'displayName', order: 'ASC' }}
      perPage={50}
      empty={
        <EmptyState
          title="console.bios.empty.title"
          text="console.bios.empty.text"
          icon={<BadgeOutlinedIcon />}
          createLabel="console.bios.createFirst"
        />
      }
    >
      {small ? (
        <SmallList<Bio>
          avatar={(record) => <BioAvatar src={record.profilePic} name={record.displayName} />}
          name={(record) => record.displayName}
          status={(record) => statusLabel(record.status)}
          secondary={(record) => dotted(kindLabel(record.kind), record.title || record.role)}
          rowClick="edit"
          empty={<NoMatches text="console.bios.noMatches" />}
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false} empty={<NoMatches text="console.bios.noMatches" />}>
          <Column source="profilePic" label="" disableSort sx={{ width: 56 }}>
            <Photo />
          </Column>
          <Column source="displayName" label="console.bios.name">
            <Name />
          </Column>
          <Column source="kind">
            <Kind />
          </Column>
          <Column source="websiteId">
            <ReferenceField source="websiteId" reference="websites" link={false} />
          </Column>
          <Column source="status">
            <StatusChip />
          </Column>
          <Column source="updatedAt">
            <MomentField source="updatedAt" />
          </Column>
        </DataTable>
      )}
    </List>
  );
};
