import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { ReferenceInput, SelectInput, useTranslate, type SelectInputProps } from 'react-admin';

/** Two columns from `sm` up. */
export const grid = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
  columnGap: 2,
  width: '100%',
} as const;

/** A titled part of a form (`title`, `text`: message keys). */
export const Section = ({ title, text, children }: { title: string; text?: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box component="section" aria-label={translate(title)} sx={{ width: '100%', mt: 1 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {translate(title)}
      </Typography>
      {text ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate(text)}
        </Typography>
      ) : null}
      {children}
    </Box>
  );
};

/** The record's website: chosen when it is created, fixed afterwards. */
export const WebsiteInput = ({ edit }: { edit: boolean }) => (
  <ReferenceInput source="websiteId" reference="websites" sort={{ field: 'name', order: 'ASC' }}>
    <SelectInput
      optionText="name"
      label="console.cro.fields.websiteId"
      readOnly={edit}
      helperText={edit ? 'console.cro.websiteFixed' : false}
    />
  </ReferenceInput>
);

/** A record of `reference` on the form's website (a CTA of a container, a campaign rule's URL list, a goal). */
export const SameWebsiteInput = ({
  source,
  reference,
  label,
  ...props
}: { source: string; reference: string; label: string } & Omit<SelectInputProps, 'source'>) => {
  const websiteId = useWatch({ name: 'websiteId' }) as string | undefined;
  return (
    <ReferenceInput
      source={source}
      reference={reference}
      filter={websiteId ? { websiteId } : {}}
      sort={{ field: 'name', order: 'ASC' }}
    >
      <SelectInput optionText="name" label={label} {...props} />
    </ReferenceInput>
  );
};
