import { Admin, localStorageStore, Resource } from 'react-admin';
import { audit } from './audit';
import { bios } from './bios';
import { answers, questions } from './community';
import { Dashboard } from './dashboard/Dashboard';
import { ConsoleLayout } from './layout/ConsoleLayout';
import { StackedNotifications } from './layout/StackedNotifications';
import { LoginPage } from './login/LoginPage';
import { members } from './members';
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

export const App = () => (
  <Admin
    // react-admin shows its default title untranslated: translated once here.
    title={i18nProvider.translate('console.login.title')}
    i18nProvider={i18nProvider}
    dataProvider={dataProvider}
    authProvider={authProvider}
    loginPage={LoginPage}
    dashboard={Dashboard}
    layout={ConsoleLayout}
    notification={StackedNotifications}
    store={store}
    requireAuth
    disableTelemetry
  >
    <Resource {...websites} />
    <Resource {...organisations} />
    <Resource {...members} />
    <Resource {...questions} />
    <Resource {...answers} />
    <Resource {...posts} />
    {postRoutes}
    <Resource {...bios} />
    <Resource {...redirectRules} />
    <Resource {...audit} />
    <Resource {...workflowReport} />
    <Resource {...users} />
    <Resource {...outbox} />
    <Resource {...projections} />
  </Admin>
);
