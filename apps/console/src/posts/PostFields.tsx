import { Box, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import { BooleanInput, DateInput, NumberInput, required, TextArrayInput, TextInput } from 'react-admin';
import { DefaultEditorOptions, RichTextInput, type RichTextInputProps } from 'ra-input-rich-text';
import { BodyToolbar, COMPONENT_EXTENSIONS, componentCardsSx } from './components';

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%' };

/** Keeps an emptied text as '' until the diff (react-admin's default turns '' into null). */
const keepText = (value: string | null) => value ?? '';

export const SectionTitle = ({ children }: { children: string }) => (
  <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 2, mb: 0.5 }}>
    {children}
  </Typography>
);

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
      onUpdate: ({ editor }) => setValue('richText.json', editor.isEmpty ? null : (editor.getJSON() as Record<string, unknown>)),
    }),
    [setValue],
  );
  return (
    <RichTextInput
      source="richText.html"
      label="Body"
      editorOptions={editorOptions}
      readOnly={readOnly}
      helperText="Words and links are counted when you save"
      toolbar={<BodyToolbar readOnly={readOnly} />}
      sx={[{ '& .ProseMirror': { minHeight: 220 } }, componentCardsSx]}
    />
  );
};

/** Title, subtitle, slug, outline and body. */
export const ContentFields = ({ readOnly }: { readOnly?: boolean }) => (
  <>
    <TextInput source="title" validate={required()} readOnly={readOnly} />
    <TextInput source="subtitle" label="Subtitle or brief" multiline minRows={1} parse={keepText} readOnly={readOnly} />
    <TextInput
      source="slug"
      parse={keepText}
      readOnly={readOnly}
      helperText="The page's address; changing it on a published post adds a redirect from the old one"
    />
    <TextInput source="outline" multiline minRows={4} parse={keepText} readOnly={readOnly} helperText="Needed before the post goes to edit" />
    <BodyInput readOnly={readOnly} />
  </>
);

/** Category, dates, SEO, lists and flags. */
export const DetailFields = ({ readOnly }: { readOnly?: boolean }) => (
  <>
    <Box sx={grid}>
      <TextInput source="category" parse={keepText} readOnly={readOnly} />
      <TextInput source="subCategory" label="Sub-category" parse={keepText} readOnly={readOnly} />
      <DateInput source="dueDate" label="Due date" readOnly={readOnly} />
      <DateInput source="quotaDate" label="Quota date" readOnly={readOnly} />
    </Box>
    <TextInput
      source="metaDescription"
      label="Meta description"
      multiline
      parse={keepText}
      readOnly={readOnly}
      helperText="Shown by search engines; at most 320 characters"
    />
    <Box sx={grid}>
      <TextArrayInput source="tags" readOnly={readOnly} helperText="Type one and press Enter" />
      <TextArrayInput source="topics" readOnly={readOnly} helperText="Type one and press Enter" />
      <TextArrayInput source="products" readOnly={readOnly} helperText="Type one and press Enter" />
      <TextArrayInput source="sourceUrls" label="Source URLs" readOnly={readOnly} helperText="The sources the post relies on" />
    </Box>
    <SectionTitle>Display</SectionTitle>
    <Box sx={grid}>
      <BooleanInput source="showTOC" label="Table of contents" readOnly={readOnly} helperText={false} />
      <BooleanInput source="featured" label="Featured" readOnly={readOnly} helperText={false} />
      <BooleanInput source="best" label="Best" readOnly={readOnly} helperText={false} />
      <BooleanInput
        source="optimisation"
        label="Under optimisation"
        readOnly={readOnly}
        helperText="Its category and dates are then locked"
      />
    </Box>
  </>
);

/** The cover image, with the API's messages ("Title field is required!", the size window) under each input. */
export const CoverImageFields = ({ readOnly }: { readOnly?: boolean }) => (
  <>
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
      Leave every field empty for no cover image. Images must be between 1024×512 and 4096×4096 pixels.
    </Typography>
    <TextInput source="coverImage.url" label="Image URL" parse={keepText} readOnly={readOnly} placeholder="https://" />
    <Box sx={grid}>
      <TextInput source="coverImage.title" label="Image title" parse={keepText} readOnly={readOnly} />
      <TextInput source="coverImage.alt" label="Alt text" parse={keepText} readOnly={readOnly} />
    </Box>
    <TextInput source="coverImage.caption" label="Caption" parse={keepText} readOnly={readOnly} />
    <Box sx={grid}>
      <NumberInput source="coverImage.width" label="Width (px)" readOnly={readOnly} />
      <NumberInput source="coverImage.height" label="Height (px)" readOnly={readOnly} />
    </Box>
  </>
);

/** Where each field is, to mark a section whose inputs have errors. */
export const SECTION_FIELDS = {
  content: ['title', 'subtitle', 'slug', 'outline', 'richText'],
  details: ['category', 'subCategory', 'dueDate', 'quotaDate', 'metaDescription', 'tags', 'topics', 'products', 'sourceUrls', 'showTOC', 'featured', 'best', 'optimisation'],
  cover: ['coverImage'],
} as const;
