import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRedirect, useRefresh, useTranslate } from 'react-admin';
import { useWorkflowActions, type ActionOutcome } from '../common/useWorkflowActions';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import { POSTS, download, expectedVersionFor, failureMessage } from './api';
import { ACTIONS, useActionTexts } from './labels';
import type { Post } from './types';

export type { ActionOutcome };

/** What an action answers besides the post: ExportPage's file. */
type Answered = Post & { export?: { filename: string; content: string; format: string } };

/**
 * A post's workflow actions through `useWorkflowActions` (the API's buttons: `GET /api/posts/options`
 * `actions` that `allowedActions` offers, less `except`, or just `only`), with the posts' own ways:
 * a button's words may be translated under `console.posts.actions.<Action>.label`; the version sent
 * is `expectedVersionFor` (a kept draft or an export does not make the record stale); success is
 * told in the spec's words, ExportPage downloads the file it answers and DeleteForever goes back to
 * the list; a failure says "Error: Unable to publish post - …". A refusal of a dialog's own field
 * (the note, the member) is left to that dialog; the others' field errors go to `onFieldErrors`.
 */
export const usePostActions = (
  record: Post | undefined,
  options: {
    only?: readonly string[];
    except?: readonly string[];
    onFieldErrors?: (errors: Record<string, string>) => void;
  } = {},
) => {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const translate = useTranslate();
  const texts = useActionTexts();
  return useWorkflowActions<Post>(POSTS, record, {
    only: options.only,
    except: options.except,
    labelKey: (action) => `console.posts.actions.${action}.label`,
    expectedVersion: (post) => expectedVersionFor(dataProvider, post),
    onDone: (action, data) => {
      const answered = data as Answered;
      if (action === 'ExportPage' && answered.export) {
        download(
          answered.export.filename,
          answered.export.content,
          answered.export.format === 'json' ? 'application/json' : 'text/html',
        );
      }
      notify(texts.done(action), { type: 'success' });
      if (action === 'DeleteForever')
        void queryClient.invalidateQueries({ queryKey: [POSTS] }).then(() => redirect('list', POSTS));
      else refresh();
      return true;
    },
    failureText: (message, action) => failureMessage(translate, message, ACTIONS[action]?.verb),
    onRefused: ({ errors }) => {
      // A dialog shows the note's and the member's own errors; the page shows the rest.
      const dialogField = Boolean(errors && ('note' in errors || 'userId' in errors));
      if (errors && !dialogField) options.onFieldErrors?.(errors);
      return dialogField;
    },
  });
};
