import { Alert, Box, Typography } from '@mui/material';
import { Link } from 'react-admin';
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
  if (prompts.length === 0 || ['Deleted', 'Archived'].includes(record.status)) return null;
  const published = record.status === 'Published';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 1 }} aria-label="Missing bios" role="group">
      {prompts.map((prompt) => (
        <Alert key={`${prompt.field}-${prompt.userId ?? prompt.bioId ?? ''}`} severity="warning" data-bio-prompt={prompt.field}>
          <Typography variant="body2" component="span" sx={{ fontWeight: 600, mr: 1 }}>
            Missing {prompt.label.toLowerCase()} bio:
          </Typography>
          <Link to={bioPromptPath(record, prompt)} sx={{ fontWeight: 600 }}>
            {prompt.message}
          </Link>
          <Typography variant="body2" component="div" color="text.secondary" sx={{ mt: 0.25 }}>
            {prompt.bioId != null
              ? `${prompt.name ? `${prompt.name}’s` : 'Their'} bio is still a draft: ${published ? 'the page credits them without it until it is published.' : 'the post can be published once the bio is.'}`
              : `${prompt.name ?? 'This person'} has no bio on this website yet: ${published ? 'the page credits them without one.' : 'the post can be published once they have one.'}`}
          </Typography>
        </Alert>
      ))}
    </Box>
  );
};
