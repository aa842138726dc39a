// Which CMS menu entry is lit (pure: the console's menu and the unit tests use it).

/** The tabs that are menu entries of their own (a route each): picking one of them goes there. */
export const ROUTED_TABS = new Set(['your-posts', 'in-progress', 'review', 'published']);

/**
 * Which CMS entry stands for the page shown, so that exactly one entry of the menu is lit on every
 * posts page: its own route lights itself; on `/posts/create` the Create entry (when the person has it); elsewhere under
 * `/posts` (another tab, a post) the entry of the tab last picked when the menu has it, else the
 * person's home entry (In Progress for editors, Your Posts for creators). Null outside the posts.
 */
export const postMenuEntry = (
  pathname: string,
  storedTab: string | null,
  entries: readonly string[],
): string | null => {
  if (pathname !== '/posts' && !pathname.startsWith('/posts/')) return null;
  if (pathname === '/posts/create' && entries.includes('create')) return 'create';
  if (storedTab && entries.includes(storedTab)) return storedTab;
  return entries.find((entry) => entry === 'in-progress' || entry === 'your-posts') ?? null;
};
