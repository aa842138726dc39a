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
  return <SelectInput source="locale" choices={choices} validate={required()} helperText="The language it is asked in" />;
};

/** Someone outside the console who asked (optional). */
const AskedBy = () => (
  <>
    <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 1 }}>
      Asked by (optional)
    </Typography>
    <Box sx={grid}>
      <TextInput source="askedBy.name" label="Name" validate={maxLength(200)} />
      <TextInput source="askedBy.email" label="Email" type="email" validate={[maxLength(320), email('Please enter a valid email address.')]} />
    </Box>
  </>
);

/** Create and edit: the website is chosen once (a question stays on its website). */
export const QuestionForm = ({ edit = false, ...props }: Omit<SimpleFormProps, 'children'> & { edit?: boolean }) => (
  <SimpleForm {...props} sx={{ maxWidth: 760 }}>
    <Box sx={grid}>
      <ReferenceInput source="websiteId" reference="websites" sort={{ field: 'name', order: 'ASC' }}>
        <SelectInput optionText="name" label="Website" validate={required()} readOnly={edit} />
      </ReferenceInput>
      <LocaleInput />
    </Box>
    <TextInput source="title" validate={[required(), maxLength(QUESTION_LIMITS.title)]} />
    <TextInput source="body" label="Question" multiline minRows={4} validate={maxLength(QUESTION_LIMITS.body)} />
    <TextInput source="category" validate={maxLength(QUESTION_LIMITS.category)} helperText="For example Account, Billing, Shipping" />
    <AskedBy />
  </SimpleForm>
);
