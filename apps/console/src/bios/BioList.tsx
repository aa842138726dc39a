import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import { Box, Chip, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  CreateButton,
  DataTable,
  DateField,
  List,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { SearchField } from '../common/SearchField';
import { NoMatches } from '../audit/NoMatches';
import { EmptyState } from '../common/EmptyState';
import { StatusChip } from '../common/StatusChip';
import { BioAvatar } from './BioAvatar';
import { withReturnTo } from './returnTo';
import { KIND_LABELS, STATUS_CHOICES, type Bio } from './types';
import { DATE_TIME } from '../common/historyText';

const filters = [
  <SearchField key="q" source="q" alwaysOn placeholder="console.bios.search" />,
  <ReferenceInput key="websiteId" source="websiteId" reference="websites" sort={{ field: 'name', order: 'ASC' }} alwaysOn>
    <SelectInput optionText="name" label="resources.bios.fields.websiteId" emptyText="console.bios.allWebsites" sx={{ minWidth: 180 }} />
  </ReferenceInput>,
  <SelectInput
    key="kind"
    source="kind"
    label="resources.bios.fields.kind"
    emptyText="console.bios.any"
    choices={[
      { id: 'writer', name: 'console.bios.kinds.writers' },
      { id: 'expert', name: 'console.bios.kinds.experts' },
    ]}
    alwaysOn
  />,
  <SelectInput key="status" source="status" label="resources.bios.fields.status" emptyText="console.bios.any" choices={STATUS_CHOICES} alwaysOn />,
];

/** New bio, on the website and of the kind the list is filtered by. */
const Actions = () => {
  const { filterValues } = useListContext();
  const to = withReturnTo('/bios/create', null, { websiteId: filterValues.websiteId, kind: filterValues.kind });
  return (
    <TopToolbar>
      <CreateButton label="console.bios.create" variant="contained" to={to} />
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
  const translate = useTranslate();
  return record ? <Chip size="small" variant="outlined" label={KIND_LABELS[record.kind] ? translate(KIND_LABELS[record.kind]) : record.kind} data-kind={record.kind} /> : null;
};

const Column = DataTable.Col<Bio>;

/** CMS settings, Bios: the writers and experts the websites credit on their posts (`GET /api/bios`). */
export const BioList = () => {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <List
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
        <SimpleList<Bio>
          leftAvatar={(record) => <BioAvatar src={record.profilePic} name={record.displayName} />}
          primaryText={(record) => record.displayName}
          secondaryText={(record) => `${KIND_LABELS[record.kind] ? translate(KIND_LABELS[record.kind]) : record.kind} · ${record.status}`}
          linkType="edit"
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
            <DateField source="updatedAt" showTime options={DATE_TIME} />
          </Column>
        </DataTable>
      )}
    </List>
  );
};
