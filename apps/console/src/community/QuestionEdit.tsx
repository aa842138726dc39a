import { Edit, ShowButton, TopToolbar } from 'react-admin';
import { SaveOnlyToolbar } from '../common/SaveOnlyToolbar';
import { useSaved } from '../common/useSaved';
import { QuestionActionButtons } from './QuestionActionButtons';
import { QuestionForm } from './QuestionForm';
import { QuestionTitle } from './QuestionTitle';

const Actions = () => (
  <TopToolbar>
    <QuestionActionButtons />
    <ShowButton />
  </TopToolbar>
);

// Pessimistic: the PUT (with `version`, the expected version) leaves at once; a 409 or the API's
// field errors show before anything looks saved.
export const QuestionEdit = () => {
  const onSuccess = useSaved('questions', 'console.community.notices.saved');
  return (
    <Edit mutationMode="pessimistic" mutationOptions={{ onSuccess }} actions={<Actions />} title={<QuestionTitle />}>
      <QuestionForm edit toolbar={<SaveOnlyToolbar />} />
    </Edit>
  );
};
