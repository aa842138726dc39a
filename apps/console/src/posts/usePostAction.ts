import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useLogoutIfAccessDenied, useNotify, useRedirect, useRefresh, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import { POSTS, download, errorParts, expectedVersionFor, failureMessage } from './api';
import { ACTIONS, useActionTexts } from './labels';
import type { Post } from './types';

export interface ActionOutcome {
  ok: boolean;
  /** Field errors of a 422 (e.g. `{ note }`, `{ outline, richText }`). */
  errors?: Record<string, string>;
  message?: string;
}

/**
 * Takes one workflow action on a post: `POST /api/posts/{id}/actions/{Action}` with
 * `{ expectedVersion, ...body }`, then a notification in the spec's words and a refresh (the
 * tab counts, the history and the record). ExportPage downloads the file it answers;
 * DeleteForever goes back to the list.
 */
export const usePostAction = (record: Post | undefined, options: { onFieldErrors?: (errors: Record<string, string>) => void } = {}) => {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [running, setRunning] = useState<string | null>(null);
  const texts = useActionTexts();
  const translate = useTranslate();

  const run = async (action: string, body: Record<string, unknown> = {}): Promise<ActionOutcome> => {
    if (!record) return { ok: false };
    const style = ACTIONS[action];
    setRunning(action);
    try {
      const { data } = await dataProvider.action<Post & { export?: { filename: string; content: string; format: string } }>(
        POSTS,
        record.id,
        action,
        { expectedVersion: await expectedVersionFor(dataProvider, record), ...body },
      );
      if (action === 'ExportPage' && data.export) {
        download(data.export.filename, data.export.content, data.export.format === 'json' ? 'application/json' : 'text/html');
      }
      notify(texts.done(action), { type: 'success' });
      if (action === 'DeleteForever') {
        await queryClient.invalidateQueries({ queryKey: [POSTS] });
        redirect('list', POSTS);
      } else {
        refresh();
      }
      return { ok: true };
    } catch (error) {
      if (await logoutIfAccessDenied(error)) return { ok: false };
      const { status, message, errors } = errorParts(error);
      const text = failureMessage(translate, message, style?.verb);
      // A dialog shows the note's and the member's own errors; the page shows the rest.
      const dialogField = errors && ('note' in errors || 'userId' in errors);
      if (!dialogField) notify(text, { type: 'error', multiLine: true });
      if (errors && !dialogField) options.onFieldErrors?.(errors);
      if (status === 409) refresh();
      return { ok: false, errors, message: text };
    } finally {
      setRunning(null);
    }
  };

  return { run, running, busy: running !== null };
};
