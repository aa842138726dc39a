import {
  EmailField,
  FunctionField,
  NumberField,
  ReferenceArrayField,
  ReferenceField,
  Show,
  SingleFieldList,
  ChipField,
  TabbedShowLayout,
  TextField,
  TopToolbar,
} from 'react-admin';
import { humanize } from '../common/choices';
import { FieldGrid } from '../common/FieldGrid';
import { History } from '../common/History';
import type { Member } from '../types';
import { EditIfChangeAccess } from './EditIfChangeAccess';
import { LastActiveField } from './LastActiveField';
import { MemberActionButtons } from './MemberActionButtons';
import { MemberStatusChip } from './MemberStatusChip';
import { MemberTitle } from './MemberTitle';
import { MomentField } from '../common/DateFields';

const Actions = () => (
  <TopToolbar>
    <MemberActionButtons />
    <EditIfChangeAccess />
  </TopToolbar>
);

const role = (value: string | undefined) => (value ? humanize(value) : '—');

export const MemberShow = () => (
  <Show actions={<Actions />} title={<MemberTitle />}>
    <TabbedShowLayout>
      <TabbedShowLayout.Tab label="console.members.tabs.overview">
        <FieldGrid>
          <TextField source="name" />
          <EmailField source="email" />
          <MemberStatusChip label="resources.members.fields.status" />
          <ReferenceField source="organisationId" reference="organisations" link="show" />
          <FunctionField<Member> source="orgRole" render={(record) => role(record.orgRole)} />
          <FunctionField<Member> source="cmsRole" render={(record) => role(record.cmsRole)} />
          <FunctionField<Member> source="croRole" render={(record) => role(record.croRole)} />
          <FunctionField<Member>
            label="resources.members.fields.websiteIds"
            render={(record) =>
              record.websiteIds?.length ? (
                <ReferenceArrayField source="websiteIds" reference="websites">
                  <SingleFieldList linkType="show">
                    <ChipField source="name" size="small" />
                  </SingleFieldList>
                </ReferenceArrayField>
              ) : (
                '—'
              )
            }
          />
          <FunctionField<Member>
            label="resources.members.fields.locales"
            render={(record) => (record.locales?.length ? record.locales.join(', ') : '—')}
          />
          <MomentField source="invitedAt" label="resources.members.fields.invitedAt" />
          <LastActiveField label="resources.members.fields.lastActive" />
          <NumberField source="posts" />
        </FieldGrid>
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="console.members.tabs.history" path="history">
        <History />
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  </Show>
);
