import { Box, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import { BooleanInput, DateInput, NumberInput, required, TextArrayInput, TextInput, useTranslate } from 'react-admin';
import { DefaultEditorOptions, RichTextInput, type RichTextInputProps } from 'ra-input-rich-text';
import { BodyToolbar, COMPONENT_EXTENSIONS, componentCardsSx } from './components';

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%' };

/** Keeps an emptied text as '' until the diff (react-admin's default turns '' into null). */
const keepText = (value: string | null) => value ?? '';

/** A section's heading (`children`: a message key). */
export const SectionTitle = ({ children }: { children: string }) => {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 2, mb: 0.5 }}>
      {translate(children)}
    </Typography>
  );
};

/**
 * The body: react-admin's rich text input (TipTap) stored as `richText.html`; TipTap's own JSON
 * document goes to `richText.json` on every change, so the API keeps both.
 */
export const BodyInput = ({ readOnly }: { readOnly?: boolean }) => {
  const { setValue } = useFormContext();
  const editorOptions = useMemo<NonNullable<RichTextInputProps['editorOptions']>>(
    () => ({
      ...DefaultEditorOptions,
      // The product components (call to action, product box, FAQ, callout) beside the standard ones.
      extensions: [...(DefaultEditorOptions.extensions ?? []), ...COMPONENT_EXTENSIONS],
      onUpdate: ({ editor }) =>
        setValue('richText.json', editor.isEmpty ? null : (editor.getJSON() as Record<string, unknown>)),
    }),
    [setValue],
  );
  return (
    <RichTextInput
      source="richText.html"
      editorOptions={editorOptions}
      readOnly={readOnly}
      helperText="console.posts.fields.bodyHelp"
      toolbar={<BodyToolbar readOnly={readOnly} />}
      sx={[{ '& .ProseMirror': { minHeight: 220 } }, componentCardsSx]}
    />
  );
};

/** Title, subtitle, slug, outline and body. */
export const ContentFields = ({ readOnly }: { readOnly?: boolean }) => (
  <>
    <TextInput source="title" validate={required()} readOnly={readOnly} />
    <TextInput source="subtitle" multiline minRows={1} parse={keepText} readOnly={readOnly} />
    <TextInput source="slug" parse={keepText} readOnly={readOnly} helperText="console.posts.fields.slugHelp" />
    <TextInput
      source="outline"
      multiline
      minRows={4}
      parse={keepText}
      readOnly={readOnly}
      helperText="console.posts.fields.outlineHelp"
    />
    <BodyInput readOnly={readOnly} />
  </>
);

/** Category, dates, SEO, lists and flags. */
export const DetailFields = ({ readOnly }: { readOnly?: boolean }) => (
  <>
    <Box sx={grid}>
      <TextInput source="category" parse={keepText} readOnly={readOnly} />
      <TextInput source="subCategory" parse={keepText} readOnly={readOnly} />
      <DateInput source="dueDate" readOnly={readOnly} />
      <DateInput source="quotaDate" readOnly={readOnly} />
    </Box>
    <TextInput
      source="metaDescription"
      multiline
      parse={keepText}
      readOnly={readOnly}
      helperText="console.posts.fields.metaHelp"
    />
    <Box sx={grid}>
      <TextArrayInput source="tags" readOnly={readOnly} helperText="console.posts.fields.oneAndEnter" />
      <TextArrayInput source="topics" readOnly={readOnly} helperText="console.posts.fields.oneAndEnter" />
      <TextArrayInput source="products" readOnly={readOnly} helperText="console.posts.fields.oneAndEnter" />
      <TextArrayInput source="sourceUrls" readOnly={readOnly} helperText="console.posts.fields.sourcesHelp" />
    </Box>
    <SectionTitle>console.posts.fields.display</SectionTitle>
    <Box sx={grid}>
      <BooleanInput source="showTOC" readOnly={readOnly} helperText={false} />
      <BooleanInput source="featured" readOnly={readOnly} helperText={false} />
      <BooleanInput source="best" readOnly={readOnly} helperText={false} />
      <BooleanInput source="optimisation" readOnly={readOnly} helperText="console.posts.fields.optimisationHelp" />
    </Box>
  </>
);

/** The cover image, with the API's messages ("Title field is required!", the size window) under each input. */
export const CoverImageFields = ({ readOnly }: { readOnly?: boolean }) => {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('console.posts.fields.coverIntro')}
      </Typography>
      <TextInput source="coverImage.url" parse={keepText} readOnly={readOnly} placeholder="https://" />
      <Box sx={grid}>
        <TextInput source="coverImage.title" parse={keepText} readOnly={readOnly} />
        <TextInput source="coverImage.alt" parse={keepText} readOnly={readOnly} />
      </Box>
      <TextInput source="coverImage.caption" parse={keepText} readOnly={readOnly} />
      <Box sx={grid}>
        <NumberInput source="coverImage.width" readOnly={readOnly} />
        <NumberInput source="coverImage.height" readOnly={readOnly} />
      </Box>
    </>
  );
};

/** Where each field is, to mark a section whose inputs have errors. */
export const SECTION_FIELDS = {
  content: ['title', 'subtitle', 'slug', 'outline', 'richText'],
  details: [
    'category',
    'subCategory',
    'dueDate',
    'quotaDate',
    'metaDescription',
    'tags',
    'topics',
    'products',
    'sourceUrls',
    'showTOC',
    'featured',
    'best',
    'optimisation',
  ],
  cover: ['coverImage'],
} as const;
