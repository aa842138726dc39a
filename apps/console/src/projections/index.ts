import SyncIcon from '@mui/icons-material/Sync';
import { lazyPage } from '../common/lazyPage';

const ProjectionList = lazyPage(
  () => import('./ProjectionList'),
  (m) => m.ProjectionList,
);

/** `GET /api/admin/projections`: platform administrators only (the menu shows it to them alone). */
export const PROJECTIONS_RESOURCE = 'admin/projections';

export const projections = {
  name: PROJECTIONS_RESOURCE,
  list: ProjectionList,
  icon: SyncIcon,
  recordRepresentation: 'name',
};
