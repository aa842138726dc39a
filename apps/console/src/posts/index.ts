import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import { lazy } from 'react';
import { PostCreate } from './PostCreate';
import { PostList } from './PostList';

export { postRoutes } from './routes';
export { PostMenuItems } from './PostMenu';

/** The editor brings TipTap (~500 kB): its own chunk, loaded when a post is opened. */
const PostEdit = lazy(() => import('./PostEdit').then((module) => ({ default: module.PostEdit })));

/** The CMS Articles screens: the tabbed list, the create page and the editor. */
export const posts = {
  name: 'posts',
  list: PostList,
  create: PostCreate,
  edit: PostEdit,
  icon: ArticleOutlinedIcon,
  recordRepresentation: 'title',
};
