import { Route } from 'react-router-dom';
import { CustomRoutes, Navigate } from 'react-admin';
import { POSTS } from './api';
import { lazyPage } from '../common/lazyPage';

/** The posts screen (every tab), loaded when first shown. */
export const PostList = lazyPage(
  () => import('./PostList'),
  (m) => m.PostList,
);

/**
 * The role navigation's CMS entries as pages: `/your-posts`, `/in-progress`, `/review` and
 * `/published` show the posts screen at that tab; `/create` opens the create page.
 */
export const postRoutes = (
  <CustomRoutes>
    <Route path="/create" element={<Navigate to={`/${POSTS}/create`} replace />} />
    <Route path="/your-posts" element={<PostList key="your-posts" routeTab="your-posts" />} />
    <Route path="/in-progress" element={<PostList key="in-progress" routeTab="in-progress" />} />
    <Route path="/review" element={<PostList key="review" routeTab="review" />} />
    <Route path="/published" element={<PostList key="published" routeTab="published" />} />
  </CustomRoutes>
);
