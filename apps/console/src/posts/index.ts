import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import { lazyPage } from '../common/lazyPage';
import { PostList } from './routes';

export { postRoutes } from './routes';
export { PostMenuItems } from './PostMenu';

const PostCreate = lazyPage(
  () => import('./PostCreate'),
  (m) => m.PostCreate,
);
/** The editor brings TipTap (~500 kB): its own chunk, loaded when a post is opened. */
const PostEdit = lazyPage(
  () => import('./PostEdit'),
  (m) => m.PostEdit,
);

/** The CMS Articles screens: the tabbed list, the create page and the editor. */
export const posts = {
  name: 'posts',
  list: PostList,
  create: PostCreate,
  edit: PostEdit,
  icon: ArticleOutlinedIcon,
  recordRepresentation: 'title',
};
