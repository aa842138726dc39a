import { Typography } from '@mui/material';
import { ReferenceInput, SelectInput, useRecordContext, useTranslate } from 'react-admin';
import { MemberPickerInput } from '../bios';
import type { Bio } from '../bios';
import type { Post } from './types';

/**
 * Who the published page credits besides its real writer: a credited writer (a member) and an
 * expert (an expert bio of the website). Each needs a published bio before the post is published.
 */
export const PeopleFields = ({ readOnly }: { readOnly?: boolean }) => {
  const record = useRecordContext<Post>();
  const translate = useTranslate();
  if (!record) return null;
  const expertName = (bio: Bio) =>
    bio.status === 'published' ? bio.displayName : translate('console.posts.people.draft', { name: bio.displayName });
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {record.writer?.name
          ? translate('console.posts.people.introNamed', { name: record.writer.name })
          : translate('console.posts.people.intro')}
      </Typography>
      <MemberPickerInput
        source="creditedWriterId"
        label="resources.posts.fields.creditedWriterId"
        organisationId={record.organisationId}
        emptyText="console.posts.people.realWriter"
        helperText="console.posts.people.creditedHelp"
        readOnly={readOnly}
      />
      <ReferenceInput
        source="expertId"
        reference="bios"
        filter={{ websiteId: record.websiteId, kind: 'expert' }}
        sort={{ field: 'displayName', order: 'ASC' }}
        perPage={100}
      >
        <SelectInput
          label="resources.posts.fields.expertId"
          optionText={expertName}
          emptyText="console.posts.people.noExpert"
          helperText="console.posts.people.expertHelp"
          readOnly={readOnly}
        />
      </ReferenceInput>
    </>
  );
};
