import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from './en';

/** Keys of our own namespaces: one missing is a bug (the screen would show the key). */
const OWN_KEY = /^(console|resources)\.[\w.-]+$/;

/**
 * react-admin's i18nProvider: every label and message of the console is in `en.ts`. A second
 * language is a second file of the same shape (merged with `ra-language-<code>`) added here.
 * Text that is not a key (a message from the API, a record's value) is shown as it is.
 */
export const i18nProvider = polyglotI18nProvider(() => en, 'en', [{ locale: 'en', name: 'English' }], {
  onMissingKey: (key: string, options: { _?: string }) => {
    if (OWN_KEY.test(key) && options?._ === undefined) console.warn(`Missing translation for key: "${key}"`);
    return key;
  },
});
