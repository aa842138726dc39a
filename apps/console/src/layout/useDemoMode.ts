import { useCallback, useState } from 'react';
import { useGetIdentity, useNotify } from 'react-admin';
import { enterDemo, exitDemo, type DemoMode } from '../providers/authProvider';

/**
 * Demo mode as the console sees it (`GET /api/auth/user`'s `demo` and `demoAvailable`), and the
 * calls that enter and leave it. Both reload the console, like log-in-as: every cached user,
 * permission and query belongs to the other organisation.
 */
export const useDemoMode = () => {
  const { identity } = useGetIdentity();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const demo = (identity?.demo as DemoMode | null | undefined) ?? null;
  // The API refuses demo mode while a platform administrator is logged in as someone else.
  const canEnter = Boolean(identity) && identity?.demoAvailable === true && !demo && !identity?.impersonatedBy;

  const run = useCallback(
    async (action: () => Promise<void>, failure: string) => {
      setBusy(true);
      try {
        await action();
      } catch (error) {
        notify(error instanceof Error && error.message ? error.message : failure, { type: 'error' });
        setBusy(false);
      }
    },
    [notify],
  );
  const enter = useCallback(() => run(enterDemo, 'console.layout.demo.enterFailed'), [run]);
  const exit = useCallback(() => run(() => exitDemo(), 'console.layout.demo.exitFailed'), [run]);

  return { demo, canEnter, busy, enter, exit };
};
