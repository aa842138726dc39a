import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Button } from '@mui/material';
import { Create, Link, Loading, SaveButton, Toolbar, useGetList, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { Website } from '../types';
import { BioForm } from './BioForm';
import { cleanContent, onBioError } from './errors';
import { useSearchValues, withReturnTo } from './returnTo';
import type { Bio } from './types';

/** Only what `POST /api/bios` takes: an empty slug is made from the display name, experts have no member. */
const toCreate = (data: Record<string, unknown>) => {
  const content = cleanContent(data);
  if (content.slug == null) delete content.slug;
  return {
    ...content,
    websiteId: data.websiteId,
    kind: data.kind,
    userId: data.kind === 'writer' ? (data.userId ?? null) : null,
  };
};

/** Opened from a post's "click to add Writer's bio": says so, with the way back. */
const FromPost = ({ returnTo }: { returnTo: string }) => {
  const translate = useTranslate();
  return (
    <Alert
      severity="info"
      sx={{ width: '100%', boxSizing: 'border-box', mb: 1 }}
      action={
        <Button component={Link} to={returnTo} size="small" startIcon={<ArrowBackIcon />} sx={{ whiteSpace: 'nowrap' }}>
          {translate('console.bios.backToPost')}
        </Button>
      }
    >
      {translate('console.bios.fromPost')}
    </Alert>
  );
};

/**
 * New bio. `?websiteId=&kind=&userId=&displayName=` (a post's bio prompt) fill the form; after
 * saving, the bio's page opens (to publish it), keeping `returnTo` to lead back to the post.
 */
export const BioCreate = () => {
  const notify = useNotify();
  const navigate = useNavigate();
  const search = useSearchValues();
  const { returnTo } = search;
  // A user with one website does not have to pick it.
  const {
    data: websites,
    total,
    isPending,
  } = useGetList<Website>('websites', {
    pagination: { page: 1, perPage: 2 },
    sort: { field: 'name', order: 'ASC' },
  });
  if (isPending) return <Loading />;
  const userId = search.get('userId');
  const kind =
    search.get('kind') === 'writer' || search.get('kind') === 'expert'
      ? search.get('kind')
      : userId
        ? 'writer'
        : 'expert';
  const websiteId = search.get('websiteId') ?? (total === 1 ? websites?.[0]?.id : undefined);
  const displayName = search.get('displayName');
  const defaultValues = {
    kind,
    ...(websiteId ? { websiteId } : {}),
    ...(userId && kind === 'writer' ? { userId } : {}),
    displayName: displayName ?? '',
    categories: [],
    expertise: [],
    education: [],
    highlights: [],
    socialUrls: [],
  };
  return (
    <Create<Bio>
      title="console.bios.create"
      transform={toCreate}
      mutationOptions={{
        onSuccess: (bio: Bio) => {
          notify(returnTo ? 'console.bios.notices.createdForPost' : 'console.bios.notices.created', {
            type: 'success',
          });
          navigate(withReturnTo(`/bios/${encodeURIComponent(String(bio.id))}`, returnTo));
        },
        onError: (error: unknown) => {
          // The member already has a bio on this website (409 with its id): open that one instead.
          const existing = (error as { status?: number; body?: { bioId?: string } }).body?.bioId;
          onBioError(notify)(error);
          if ((error as { status?: number }).status === 409 && existing)
            navigate(withReturnTo(`/bios/${encodeURIComponent(existing)}`, returnTo));
        },
      }}
    >
      <BioForm
        defaultValues={defaultValues}
        fallbackName={displayName}
        header={returnTo ? <FromPost returnTo={returnTo} /> : null}
        toolbar={
          <Toolbar>
            <SaveButton label="console.bios.createButton" />
          </Toolbar>
        }
      />
    </Create>
  );
};
