import InsightsIcon from '@mui/icons-material/Insights';
import { lazyPage } from '../common/lazyPage';

const WorkflowReportPage = lazyPage(() => import('./WorkflowReportPage'), (m) => m.WorkflowReportPage);

export const WORKFLOW_REPORT = 'workflow-report';

/**
 * The workflow report as a list-only resource: its menu entry is the API's navigation
 * `workflow-report` (the console's menu lists resources), its page is `#/workflow-report`.
 */
export const workflowReport = {
  name: WORKFLOW_REPORT,
  list: WorkflowReportPage,
  icon: InsightsIcon,
};
