import { Typography } from '@mui/material';
import { ReferenceInput, SelectInput, useRecordContext } from 'react-admin';
import { MemberPickerInput } from '../bios';
import type { Bio } from '../bios';
import type { Post } from './types';

const expertName = (bio: Bio) => `${bio.displayName}${bio.status === 'published' ? '' : ' (draft)'}`;

/**
 * Who the published page credits besides its real writer: a credited writer (a member) and an
 * expert (an expert bio of the website). Each needs a published bio before the post is published.
 */
export const PeopleFields = ({ readOnly }: { readOnly?: boolean }) => {
  const record = useRecordContext<Post>();
  if (!record) return null;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        The published page credits its writer{record.writer?.name ? ` (${record.writer.name})` : ''}, and the expert chosen here. Each needs a published bio
        on the website.
      </Typography>
      <MemberPickerInput
        source="creditedWriterId"
        label="Credited writer"
        organisationId={record.organisationId}
        emptyText="The real writer"
        helperText="Shown on the page instead of the real writer"
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
          label="Expert"
          optionText={expertName}
          emptyText="No expert"
          helperText="An expert bio of this website (Bios); optional"
          readOnly={readOnly}
        />
      </ReferenceInput>
    </>
  );
};
