import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import { AnswerEdit } from './AnswerEdit';
import { QuestionCreate } from './QuestionCreate';
import { QuestionEdit } from './QuestionEdit';
import { QuestionList } from './QuestionList';
import { QuestionShow } from './QuestionShow';

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
