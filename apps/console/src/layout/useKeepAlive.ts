import { useEffect } from 'react';
import { keepAlive } from '../providers/authProvider';

/** How often an active console extends its session. */
export const KEEP_ALIVE_MS = 10 * 60_000;

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'mousemove'] as const;

/** While the console is open and the user active, `POST /api/auth/keep-alive` every 10 minutes. */
export const useKeepAlive = () => {
  useEffect(() => {
    let lastActivity = Date.now();
    let lastPing = Date.now();
    const onActivity = () => {
      lastActivity = Date.now();
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { passive: true });
    const timer = window.setInterval(() => {
      // Only when someone used the console since the last call, and the tab is visible.
      if (lastActivity <= lastPing || document.visibilityState === 'hidden') return;
      lastPing = Date.now();
      void keepAlive();
    }, KEEP_ALIVE_MS);
    return () => {
      window.clearInterval(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity);
    };
  }, []);
};
