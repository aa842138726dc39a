import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import { lazyPage } from '../common/lazyPage';

const AnswerEdit = lazyPage(
  () => import('./AnswerEdit'),
  (m) => m.AnswerEdit,
);
const QuestionCreate = lazyPage(
  () => import('./QuestionCreate'),
  (m) => m.QuestionCreate,
);
const QuestionEdit = lazyPage(
  () => import('./QuestionEdit'),
  (m) => m.QuestionEdit,
);
const QuestionList = lazyPage(
  () => import('./QuestionList'),
  (m) => m.QuestionList,
);
const QuestionShow = lazyPage(
  () => import('./QuestionShow'),
  (m) => m.QuestionShow,
);

/** The Community screens (create, new, draft, published, moderator, deleted, published answers). */
export const questions = {
  name: 'questions',
  list: QuestionList,
  show: QuestionShow,
  create: QuestionCreate,
  edit: QuestionEdit,
  icon: ForumOutlinedIcon,
  recordRepresentation: 'title',
};

/** Answers live on their question's page; this resource edits one and names them in references. */
export const answers = {
  name: 'answers',
  edit: AnswerEdit,
  recordRepresentation: 'body',
};
