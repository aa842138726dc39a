import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import PendingActionsOutlinedIcon from '@mui/icons-material/PendingActionsOutlined';
import PostAddOutlinedIcon from '@mui/icons-material/PostAddOutlined';
import PublishedWithChangesOutlinedIcon from '@mui/icons-material/PublishedWithChangesOutlined';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import type { ReactElement } from 'react';
import { Menu, MenuItemLinkClasses, useStore } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { POSTS_TAB_STORE_KEY } from './api';
import { postMenuEntry } from './menuEntry';

export { ROUTED_TABS } from './menuEntry';

/**
 * The role navigation's CMS entries (`GET /api/auth/user` names them): creators see Create and
 * Your Posts, editors In Progress, Review and Published. Each opens the posts screen at its tab
 * (routes of the same names, see `routes.tsx`), so a menu link is the navigation entry itself.
 */
export const POST_MENU: { name: string; icon: ReactElement }[] = [
  { name: 'create', icon: <PostAddOutlinedIcon /> },
  { name: 'your-posts', icon: <ArticleOutlinedIcon /> },
  { name: 'in-progress', icon: <PendingActionsOutlinedIcon /> },
  { name: 'review', icon: <RateReviewOutlinedIcon /> },
  { name: 'published', icon: <PublishedWithChangesOutlinedIcon /> },
];

/** The CMS entries of the main menu the user's navigation allows (`visible` is the menu's own rule). */
export const PostMenuItems = ({ visible }: { visible: (name: string) => boolean }) => {
  const { pathname } = useLocation();
  const [storedTab] = useStore<string | null>(POSTS_TAB_STORE_KEY, null);
  const items = POST_MENU.filter((item) => visible(item.name));
  const lit = postMenuEntry(
    pathname,
    storedTab,
    items.map((item) => item.name),
  );
  return (
    <>
      {items.map((item) => (
        <Menu.Item
          key={item.name}
          to={`/${item.name}`}
          primaryText={`console.posts.menu.${item.name}`}
          leftIcon={item.icon}
          className={lit === item.name ? MenuItemLinkClasses.active : undefined}
          data-navigation={item.name}
        />
      ))}
    </>
  );
};
