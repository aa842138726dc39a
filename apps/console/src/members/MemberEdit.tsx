import { Edit, ShowButton, TopToolbar, type RaRecord } from 'react-admin';
import { SaveOnlyToolbar } from '../common/SaveOnlyToolbar';
import { useSaved } from '../common/useSaved';
import { MemberActionButtons } from './MemberActionButtons';
import { MemberForm } from './MemberForm';
import { MemberTitle } from './MemberTitle';
import { ACCESS_FIELDS } from './roles';

const Actions = () => (
  <TopToolbar>
    <MemberActionButtons />
    <ShowButton />
  </TopToolbar>
);

/** `PUT /api/members/{id}` takes the access fields and the expected `version`, nothing else. */
const toAccess = (data: RaRecord) => ({
  ...Object.fromEntries(ACCESS_FIELDS.map((field) => [field, data[field]])),
  version: data.version,
});

// Pessimistic: the PUT leaves at once and the API's field errors ({ errors: { field } }) show under the inputs.
export const MemberEdit = () => {
  const onSuccess = useSaved('members', 'console.members.accessChanged');
  return (
    <Edit
      mutationMode="pessimistic"
      mutationOptions={{ onSuccess }}
      transform={toAccess}
      actions={<Actions />}
      title={<MemberTitle />}
    >
      <MemberForm toolbar={<SaveOnlyToolbar />} />
    </Edit>
  );
};
