import { useState } from 'react';
import {
  Button,
  Confirm,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import type { CommunityTab } from './QuestionList';
import type { Question } from './types';

/** The actions offered on a selection, per tab (Decline needs a reason per question: one at a time). */
const BULK: Record<Exclude<CommunityTab, 'answers'>, string[]> = {
  moderator: ['Approve', 'Delete'],
  new: ['Publish', 'Delete'],
  draft: ['Submit', 'Publish', 'Delete'],
  published: ['Unpublish', 'Delete'],
  deleted: ['Restore'],
};

/**
 * Bulk actions asked about first: deleting takes the questions (and their answers) off every tab
 * but Deleted; unpublishing takes them off the public forum at once.
 */
const CONFIRM = new Set(['Delete', 'Unpublish']);

/**
 * `POST /api/questions/bulk-actions` with the version of each selected question as the user saw
 * it: one result per question, the failures named in the notification.
 */
export const BulkQuestionActions = ({ tab }: { tab: Exclude<CommunityTab, 'answers'> }) => {
  const { selectedIds, data } = useListContext<Question>();
  const notify = useNotify();
  const translate = useTranslate();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const unselectAll = useUnselectAll('questions', `questions.${tab}`);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<string | null>(null);

  const run = async (action: string) => {
    setBusy(true);
    try {
      const versions = Object.fromEntries(
        (data ?? []).filter((q) => selectedIds.includes(q.id)).map((q) => [String(q.id), q.version]),
      );
      const { data: results } = await dataProvider.bulkAction('questions', action, selectedIds, {
        expectedVersions: versions,
      });
      const failed = results.filter((r) => !r.ok);
      const done = results.length - failed.length;
      const label = translate(`console.community.actions.${action}`, { _: action });
      if (failed.length === 0)
        notify('console.community.notices.bulkDone', {
          type: 'success',
          messageArgs: { action: label, smart_count: done },
        });
      else
        notify('console.community.notices.bulkRefused', {
          type: 'warning',
          messageArgs: { action: label, done, refused: failed.length, error: failed[0]!.error },
        });
      unselectAll();
      refresh();
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'console.common.notices.actionFailed', {
        type: 'error',
      });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };

  return (
    <>
      {BULK[tab].map((action) => (
        <Button
          key={action}
          label={`console.community.actions.${action}`}
          disabled={busy}
          onClick={() => (CONFIRM.has(action) ? setAsking(action) : void run(action))}
        />
      ))}
      <Confirm
        isOpen={asking !== null}
        loading={busy}
        title={`console.community.bulkConfirm.title.${asking ?? 'Delete'}`}
        content={`console.community.bulkConfirm.${asking ?? 'Delete'}`}
        translateOptions={{ smart_count: selectedIds.length }}
        confirm={`console.community.actions.${asking ?? 'Delete'}`}
        confirmColor="warning"
        onConfirm={() => asking && void run(asking)}
        onClose={() => setAsking(null)}
      />
    </>
  );
};
