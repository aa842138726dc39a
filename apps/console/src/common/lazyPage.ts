import { lazy, type ComponentType } from 'react';

/**
 * A page whose code is its own chunk, loaded the first time it is shown: the login page then
 * loads only what it needs. react-admin's layout shows its loading indicator meanwhile (the
 * pages render inside its `Suspense`). `pick` names the module's export:
 * `lazyPage(() => import('./PostList'), (m) => m.PostList)`.
 */
export const lazyPage = <M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) =>
  lazy(async () => ({ default: pick(await load()) }));
