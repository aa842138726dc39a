import englishMessages from 'ra-language-english';
import { mergeTranslations, type TranslationMessages } from 'react-admin';

/**
 * Every label and message of the console, in English: react-admin's own (`ra.*`) and ours.
 *
 * - `resources.<resource>.name` / `.fields.<field>`: the resources' names and field labels
 *   (react-admin reads them for menus, titles and inputs without a label).
 * - `console.<screen>.*`: our texts per screen: buttons, notices (notifications), empty states,
 *   dialogs, helper texts, history texts. `%{name}` is polyglot interpolation; `smart_count`
 *   chooses between the forms of `one |||| many`.
 *
 * The domain's value lists and their labels (post statuses, roles, website categories...) come from
 * the API's `/options` routes; a second language may translate them under `console.domain.*`.
 * A second language is a second file of this shape.
 */

const resources = {
  users: {
    name: 'Users',
    fields: { name: 'Name', email: 'Email', role: 'Role', createdAt: 'Created' },
  },
  'admin/outbox': {
    name: 'Outbox',
    fields: { to: 'To', subject: 'Subject', createdAt: 'Created' },
  },
  'admin/projections': {
    name: 'Projections',
    fields: {
      name: 'Name',
      kind: 'Kind',
      status: 'Status',
      runner: 'Runner',
      position: 'Position',
      lag: 'Lag',
      updatedAt: 'Updated',
      error: 'Error',
    },
  },
  // @resources
};

const common = {
  notices: {
    actionFailed: 'The action failed, please try again',
    actionDone: '%{action} done',
    somethingWrong: 'Something went wrong, please try again',
  },
  buttons: {
    confirm: 'Confirm',
    dismiss: 'Dismiss',
  },
  history: {
    label: 'History',
    notAvailable: 'The history of this record is not available yet.',
    failedWith: 'The history could not be loaded: %{message}',
    failed: 'The history could not be loaded.',
    empty: 'No events yet.',
    version: 'Version',
    event: 'Event',
    when: 'When',
    by: 'By',
    data: 'Data',
    byWho: 'by %{name}',
    timeAndVersion: '%{time} · version %{version}',
  },
  timeZone: 'Time zone',
  validation: {
    isoCountry: 'Use a two-letter ISO country code, e.g. DE',
    httpUrl: 'Enter a full address starting with https://',
  },
  password: {
    rules: {
      length: 'At least 8 characters',
      capital: '1 capital letter',
      number: '1 number',
      special: '1 special character',
    },
    problems: {
      length: 'Password must be at least 8 characters long',
      capital: 'Password must contain at least 1 capital letter',
      number: 'Password must contain at least 1 number',
      special: 'Password must contain at least 1 special character',
    },
    mustMatch: 'Passwords must match',
  },
};

const layout = {
  menu: {
    main: 'Main menu',
    rolesAndPermissions: 'Roles and permissions',
    loginAs: 'Log in as',
  },
  demo: {
    enter: 'Try the demo',
    exit: 'Exit demo mode',
    banner: 'You are exploring the demo organisation %{name}. Changes are disabled.',
    enterFailed: 'Error: the demo could not be opened',
    exitFailed: 'Error: demo mode could not be exited',
  },
  impersonation: {
    back: 'Return to %{name}',
    banner: 'You are logged in as %{name} (%{email})',
    logoutFailed: 'Error logging out',
  },
  notifications: 'Notifications',
};

const login = {
  title: 'Platform console',
  email: 'Email',
  password: 'Password',
  forgotPassword: 'Forgot password?',
  signUp: 'Create an account',
  demo: 'Demo:',
  networkError: 'Network error: please try again',
  invalid: 'Invalid email or password',
  sessionEnded: 'Your session has ended, please log in again.',
  notSignedIn: 'Not signed in',
};

const publicPages = {
  documentTitle: '%{title} · Platform console',
  backToLogin: 'Back to login',
  logIn: 'Log in',
  email: 'Email',
  name: 'Name',
  password: 'Password',
  newPassword: 'New password',
  confirmPassword: 'Confirm password',
  passwordRules: 'Password rules',
  networkError: 'Network error: please try again',
  forgot: {
    title: 'Forgot password',
    intro: 'Enter the email address of your account and we will send you a link to choose a new password.',
    submit: 'Send reset link',
    emailMissing: 'Please enter your email address.',
    sent: 'If an account exists for this email, we have sent a link to reset its password.',
    failed: 'Error: the link could not be sent',
  },
  expired: {
    title: 'Your link has expired',
    intro: 'Links to reset a password work once, for an hour. Enter your email address to get a new one.',
    submit: 'Send a new link',
  },
  initial: {
    title: 'Welcome! Choose your password',
    intro: 'You accepted an invitation. Choose the password you will log in with.',
    submit: 'Set password and continue',
    failed: 'Error: the password could not be set',
  },
  reset: {
    title: 'Choose a new password',
    intro: 'Enter a new password for your account.',
    submit: 'Change password',
    doneTitle: 'Password changed',
    done: 'Your password has been changed. Please log in with it.',
    failed: 'Error: the password could not be changed',
  },
  signup: {
    title: 'Create an account',
    organisationName: 'Organisation name',
    submit: 'Create account',
    haveAccount: 'Already have an account?',
    nameMissing: 'Please enter your name.',
    emailInvalid: 'Please enter a valid email address.',
    organisationMissing: 'Organisation name cannot be empty',
    failed: 'Error: the account could not be created',
  },
};

const users = {
  search: 'Search name or email',
  adminOnly: 'Only platform administrators can see the users.',
  empty: { title: 'No users', text: 'Nobody has an account yet.' },
  platformAdmin: 'Platform admin',
  loginAs: 'Log in as',
  loginAsWho: 'Log in as %{name}',
};

const outbox = {
  search: 'Search recipient or subject',
  adminOnly: 'Only platform administrators can read the outbox.',
  empty: { title: 'No mails', text: 'Mails are kept here while no SMTP server is configured.' },
  to: 'To %{to} · %{subject}',
};

const projections = {
  adminOnly: 'Only platform administrators can see and rebuild the projections.',
  empty: { title: 'No projections', text: 'This API registers no projection or relay.' },
  notRunHere: 'Not run by the API process',
  retrying: 'Retrying every %{seconds} seconds',
  refreshing: 'Refreshes every %{seconds} seconds',
  retry: 'Retry',
  loadFailedWith: 'The projections could not be loaded: %{message}',
  loadFailed: 'The projections could not be loaded.',
  buttons: { restart: 'Restart', rebuild: 'Rebuild' },
  notices: {
    rebuilding: 'Projection %{name} is being rebuilt',
    restarted: 'Projection %{name} restarted',
  },
  rebuildDialog: {
    title: 'Rebuild "%{name}"?',
    before: 'This empties the ',
    after:
      ' read model and replays the whole event log into it. The other projections keep running meanwhile; until the replay has caught up, screens that read from %{name} may show fewer records or none.',
  },
};

// @sections

export const en: TranslationMessages = mergeTranslations(englishMessages, {
  resources,
  console: {
    common,
    layout,
    login,
    public: publicPages,
    users,
    outbox,
    projections,
    // @console
  },
});
