import {
  DateField,
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
      <TabbedShowLayout.Tab label="Overview">
        <FieldGrid>
          <TextField source="name" />
          <EmailField source="email" />
          <MemberStatusChip label="Status" />
          <ReferenceField source="organisationId" reference="organisations" label="Organisation" link="show" />
          <FunctionField<Member> label="Organisation role" render={(record) => role(record.orgRole)} />
          <FunctionField<Member> label="CMS role" render={(record) => role(record.cmsRole)} />
          <FunctionField<Member> label="CRO role" render={(record) => role(record.croRole)} />
          <FunctionField<Member>
            label="Websites"
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
            label="Locales"
            render={(record) => (record.locales?.length ? record.locales.join(', ') : '—')}
          />
          <DateField source="invitedAt" label="Invited" showTime />
          <LastActiveField label="Last active" />
          <NumberField source="posts" />
        </FieldGrid>
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="History" path="history">
        <History />
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  </Show>
);
