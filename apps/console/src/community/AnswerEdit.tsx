import { Edit, maxLength, required, SimpleForm, TextInput, useNotify, useRedirect } from 'react-admin';
import { SaveOnlyToolbar } from '../common/SaveOnlyToolbar';
import type { Answer } from './types';

/** Editing an answer's text; then back to its question's Answers tab. */
export const AnswerEdit = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  const onSuccess = (data: Answer) => {
    notify('console.community.notices.answerSaved', { type: 'success' });
    redirect(`/questions/${encodeURIComponent(String(data.questionId))}/show/answers`);
  };
  return (
    <Edit mutationMode="pessimistic" mutationOptions={{ onSuccess }} title="console.community.answers.edit">
      <SimpleForm toolbar={<SaveOnlyToolbar />} sx={{ maxWidth: 760 }}>
        <TextInput source="body" multiline minRows={5} validate={[required(), maxLength(20_000)]} />
      </SimpleForm>
    </Edit>
  );
};
