import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';

/** react-admin's app bar shows each page's title here (its `<Title>` portal). */
const APP_BAR_TITLE_ID = 'react-admin-title';

/**
 * The browser tab's title follows the page: "<the page's title> · Platform console", the title the
 * app bar shows (a list's name, a record's title on its show and edit pages), "Dashboard · …" on
 * the dashboard. The app bar's title changes after the page's data arrives, so it is watched.
 */
export const DocumentTitle = () => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  useEffect(() => {
    const appName = translate('console.login.title');
    const update = () => {
      const shown = document.getElementById(APP_BAR_TITLE_ID)?.textContent?.trim();
      const page = pathname === '/' ? translate('ra.page.dashboard') : shown && shown !== appName ? shown : null;
      const title = page ? translate('console.public.documentTitle', { title: page }) : appName;
      if (document.title !== title) document.title = title;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [translate, pathname]);
  return null;
};
