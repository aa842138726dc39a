import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import PendingActionsOutlinedIcon from '@mui/icons-material/PendingActionsOutlined';
import PostAddOutlinedIcon from '@mui/icons-material/PostAddOutlined';
import PublishedWithChangesOutlinedIcon from '@mui/icons-material/PublishedWithChangesOutlined';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import type { ReactElement } from 'react';
import { Menu } from 'react-admin';

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
export const PostMenuItems = ({ visible }: { visible: (name: string) => boolean }) => (
  <>
    {POST_MENU.filter((item) => visible(item.name)).map((item) => (
      <Menu.Item key={item.name} to={`/${item.name}`} primaryText={`console.posts.menu.${item.name}`} leftIcon={item.icon} />
    ))}
  </>
);
