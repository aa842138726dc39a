import { StrictMode, Suspense } from 'react';
import { I18nContextProvider } from 'react-admin';
import { i18nProvider } from './i18n';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { publicPageFor } from './public/PublicApp';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Sign-up, the password pages and onboarding live at real paths outside react-admin's hash router.
const PublicPage = publicPageFor(window.location.pathname);

createRoot(root).render(
  <StrictMode>
    {PublicPage ? (
      <I18nContextProvider value={i18nProvider}>
        <Suspense fallback={null}>
          <PublicPage />
        </Suspense>
      </I18nContextProvider>
    ) : (
      <App />
    )}
  </StrictMode>,
);
