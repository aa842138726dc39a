import { CssBaseline } from '@mui/material';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { AdminContext, CoreAdminUI, LoadingPage, localStorageStore, Resource } from 'react-admin';
import { analytics, excludedPages } from './analytics';
import { audit } from './audit';
import { bios } from './bios';
import { answers, questions } from './community';
import { croResources } from './cro';
import { lazyPage } from './common/lazyPage';
import { StackedNotifications } from './layout/StackedNotifications';
import { LoginPage } from './login/LoginPage';
import { memberRoutes, members } from './members';
import { organisations } from './organisations';
import { outbox } from './outbox';
import { postRoutes, posts } from './posts';
import { projections } from './projections';
import { redirectRules } from './redirect-rules';
import { workflowReport } from './reports';
import { i18nProvider } from './i18n';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { users } from './users';
import { websites } from './websites';

// Saved list parameters live in localStorage; a console-specific key keeps them apart.
const store = localStorageStore('1', 'PlatformConsole');

// The login page loads only what it shows: the layout, the dashboard, every page and react-admin's
// own pages (not found, errors) are chunks of their own, loaded when first shown (common/lazyPage.ts).
// That is why the console composes react-admin's `<Admin>` from its parts: `AdminUI` imports its
// default layout, menu, error and not-found pages (~60 kB gzipped) even when they are replaced.
const suspended = <P extends object>(Page: ComponentType<P>) =>
  function Suspended(props: P) {
    return (
      <Suspense fallback={<LoadingPage />}>
        <Page {...props} />
      </Suspense>
    );
  };
const Dashboard = lazyPage(
  () => import('./dashboard/Dashboard'),
  (m) => m.Dashboard,
);
const ConsoleLayout = suspended(
  lazyPage(
    () => import('./layout/ConsoleLayout'),
    (m) => m.ConsoleLayout,
  ),
);
const NotFound = suspended(
  lazyPage(
    () => import('./layout/adminPages'),
    (m): ComponentType => m.NotFound,
  ),
);
const ErrorPage = suspended(
  lazyPage(
    () => import('./layout/adminPages'),
    (m) => m.Error,
  ),
);
const AccessDenied = suspended(
  lazyPage(
    () => import('./layout/adminPages'),
    (m) => m.AccessDenied,
  ),
);
const AuthenticationError = suspended(
  lazyPage(
    () => import('./layout/adminPages'),
    (m) => m.AuthenticationError,
  ),
);
const AuthCallback = suspended(
  lazyPage(
    () => import('./layout/adminPages'),
    (m) => m.AuthCallback,
  ),
);

/** react-admin's `<Admin>` (AdminContext + AdminUI) with every page it would default to given here. */
const ConsoleAdmin = ({ children }: { children: ReactNode }) => (
  <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider} authProvider={authProvider} store={store}>
    <CssBaseline enableColorScheme>
      <CoreAdminUI
        // react-admin shows its default title untranslated: translated once here.
        title={i18nProvider.translate('console.login.title')}
        loginPage={LoginPage}
        dashboard={Dashboard}
        layout={ConsoleLayout}
        catchAll={NotFound}
        error={ErrorPage}
        accessDenied={AccessDenied}
        authenticationError={AuthenticationError}
        authCallbackPage={AuthCallback}
        loading={LoadingPage}
        requireAuth
        disableTelemetry
      >
        {children}
      </CoreAdminUI>
      <StackedNotifications />
    </CssBaseline>
  </AdminContext>
);

export const App = () => (
  <ConsoleAdmin>
    <Resource {...websites} />
    <Resource {...organisations} />
    <Resource {...members} />
    {memberRoutes}
    <Resource {...questions} />
    <Resource {...answers} />
    <Resource {...posts} />
    {postRoutes}
    <Resource {...bios} />
    <Resource {...redirectRules} />
    {croResources.map((resource) => (
      <Resource key={resource.name} {...resource} />
    ))}
    <Resource {...analytics} />
    <Resource {...excludedPages} />
    <Resource {...audit} />
    <Resource {...workflowReport} />
    <Resource {...users} />
    <Resource {...outbox} />
    <Resource {...projections} />
  </ConsoleAdmin>
);
