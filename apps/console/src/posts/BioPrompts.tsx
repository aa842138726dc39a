import { Alert, Box, Typography } from '@mui/material';
import { Link, useTranslate } from 'react-admin';
import { withReturnTo } from '../bios/returnTo';
import type { BioPrompt, Post } from './types';

/** Where a prompt leads: the draft bio to finish, or a new bio filled from the post. */
export const bioPromptPath = (post: Pick<Post, 'id' | 'websiteId'>, prompt: BioPrompt) => {
  const returnTo = `/posts/${encodeURIComponent(String(post.id))}`;
  if (prompt.bioId != null) return withReturnTo(`/bios/${encodeURIComponent(String(prompt.bioId))}`, returnTo);
  return withReturnTo('/bios/create', returnTo, {
    websiteId: String(post.websiteId),
    kind: prompt.field === 'expert' ? 'expert' : 'writer',
    userId: prompt.userId != null ? String(prompt.userId) : null,
    displayName: prompt.name,
  });
};

/**
 * The spec's "Missing writer bio: click to add {field}'s bio": one warning per person the
 * published page credits who has no published bio on the website (`record.bioPrompts`). Publish
 * is refused until none is left.
 */
export const BioPrompts = ({ record }: { record: Post }) => {
  const prompts = record.bioPrompts ?? [];
  const translate = useTranslate();
  if (prompts.length === 0 || ['Deleted', 'Archived'].includes(record.status)) return null;
  const published = record.status === 'Published';
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 1 }}
      aria-label={translate('console.posts.bioPrompts.group')}
      role="group"
    >
      {prompts.map((prompt) => (
        <Alert
          key={`${prompt.field}-${prompt.userId ?? prompt.bioId ?? ''}`}
          severity="warning"
          data-bio-prompt={prompt.field}
        >
          <Typography variant="body2" component="span" sx={{ fontWeight: 600, mr: 1 }}>
            {translate('console.posts.bioPrompts.missing', { label: prompt.label.toLowerCase() })}
          </Typography>
          <Link to={bioPromptPath(record, prompt)} sx={{ fontWeight: 600 }}>
            {prompt.message}
          </Link>
          <Typography variant="body2" component="div" color="text.secondary" sx={{ mt: 0.25 }}>
            {prompt.bioId != null
              ? `${prompt.name ? translate('console.posts.bioPrompts.draftNamed', { name: prompt.name }) : translate('console.posts.bioPrompts.draftThey')}${translate(published ? 'console.posts.bioPrompts.draftPublished' : 'console.posts.bioPrompts.draftLater')}`
              : `${prompt.name ? translate('console.posts.bioPrompts.noneNamed', { name: prompt.name }) : translate('console.posts.bioPrompts.noneThey')}${translate(published ? 'console.posts.bioPrompts.nonePublished' : 'console.posts.bioPrompts.noneLater')}`}
          </Typography>
        </Alert>
      ))}
    </Box>
  );
};
