import { useState } from 'react';
import { Create, useNotify, useRedirect, useStore, type Identifier } from 'react-admin';
import { SaveOnlyToolbar } from '../common/SaveOnlyToolbar';
import { QuestionForm } from './QuestionForm';
import { WEBSITE_STORE_KEY } from './QuestionList';
import type { Question } from './types';

/** The Community "create" screen: an editor's question starts as a draft, a creator's waits for the moderators. */
export const QuestionCreate = () => {
  const [websiteId] = useStore<Identifier | null>(WEBSITE_STORE_KEY, null);
  // Taken once: new default values make react-admin reset the form, which would wipe what was typed.
  const [defaultValues] = useState(() => ({ locale: 'en', ...(websiteId ? { websiteId } : {}) }));
  const notify = useNotify();
  const redirect = useRedirect();
  const onSuccess = (data: Question) => {
    notify(
      data.status === 'pending_review'
        ? 'console.community.notices.sentToModerators'
        : 'console.community.notices.createdDraft',
      { type: 'success' },
    );
    redirect('show', 'questions', data.id);
  };
  return (
    <Create title="console.community.ask" mutationOptions={{ onSuccess }}>
      <QuestionForm defaultValues={defaultValues} toolbar={<SaveOnlyToolbar />} />
    </Create>
  );
};
