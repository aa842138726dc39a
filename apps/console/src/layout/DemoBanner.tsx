import { useTranslate } from 'react-admin';
import { SessionBanner } from './SessionBanner';
import { useDemoMode } from './useDemoMode';

/** Shown on every page while the session explores the demo organisation (read-only). */
export const DemoBanner = () => {
  const { demo, busy, exit } = useDemoMode();
  const translate = useTranslate();
  if (!demo) return null;
  return (
    <SessionBanner
      severity="info"
      testId="demo-banner"
      action="console.layout.demo.exit"
      busy={busy}
      onAction={() => void exit()}
    >
      {translate('console.layout.demo.banner', { name: demo.name })}
    </SessionBanner>
  );
};
