import { Box, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import {
  email,
  maxLength,
  ReferenceInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  useGetOne,
  useTranslate,
  type SimpleFormProps,
} from 'react-admin';
import type { Website } from '../types';

export const QUESTION_LIMITS = { title: 300, body: 20_000, category: 100 } as const;

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%' };

/** The locales of the chosen website (its default first); `en` until a website is chosen. */
const LocaleInput = () => {
  const websiteId = useWatch({ name: 'websiteId' });
  const { data: website } = useGetOne<Website>('websites', { id: websiteId }, { enabled: Boolean(websiteId) });
  const locales = website?.locales?.map((entry) => entry.locale) ?? [];
  const choices = (locales.length ? locales : ['en']).map((locale) => ({ id: locale, name: locale }));
  return (
    <SelectInput
      source="locale"
      choices={choices}
      validate={required()}
      helperText="console.community.form.localeHelp"
      translateChoice={false}
    />
  );
};

/** Someone outside the console who asked (optional). */
const AskedBy = () => {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('console.community.form.askedBy')}
      </Typography>
      <Box sx={grid}>
        <TextInput source="askedBy.name" validate={maxLength(200)} />
        <TextInput
          source="askedBy.email"
          type="email"
          validate={[maxLength(320), email('console.community.form.emailInvalid')]}
        />
      </Box>
    </>
  );
};

/** Create and edit: the website is chosen once (a question stays on its website). */
export const QuestionForm = ({ edit = false, ...props }: Omit<SimpleFormProps, 'children'> & { edit?: boolean }) => (
  <SimpleForm {...props} sx={{ maxWidth: 760 }}>
    <Box sx={grid}>
      <ReferenceInput source="websiteId" reference="websites" sort={{ field: 'name', order: 'ASC' }}>
        <SelectInput
          optionText="name"
          label="resources.questions.fields.websiteId"
          validate={required()}
          readOnly={edit}
        />
      </ReferenceInput>
      <LocaleInput />
    </Box>
    <TextInput source="title" validate={[required(), maxLength(QUESTION_LIMITS.title)]} />
    <TextInput source="body" multiline minRows={4} validate={maxLength(QUESTION_LIMITS.body)} />
    <TextInput
      source="category"
      validate={maxLength(QUESTION_LIMITS.category)}
      helperText="console.community.form.categoryHelp"
    />
    <AskedBy />
  </SimpleForm>
);
