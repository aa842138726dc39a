import { SessionBanner } from './SessionBanner';
import { useDemoMode } from './useDemoMode';

/** Shown on every page while the session explores the demo organisation (read-only). */
export const DemoBanner = () => {
  const { demo, busy, exit } = useDemoMode();
  if (!demo) return null;
  return (
    <SessionBanner severity="info" testId="demo-banner" action="Exit demo mode" busy={busy} onAction={() => void exit()}>
      You are exploring the demo organisation {demo.name}. Changes are disabled.
    </SessionBanner>
  );
};
