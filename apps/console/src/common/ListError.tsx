import { Alert, AlertTitle, Box } from '@mui/material';
import { Pagination, useListContext, useResourceContext, useTranslate, type PaginationProps } from 'react-admin';

/**
 * A list's `error`: a refused list (403) says it is refused, with the API's reason, never an empty
 * list with a total; any other failure says the list could not be read.
 */
export const ListError = () => {
  const { error } = useListContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const failure = error as { status?: number; message?: string } | null;
  const name = translate(`resources.${resource}.name`, { smart_count: 2, _: resource ?? '' });
  const refused = failure?.status === 403;
  return (
    <Box sx={{ mt: 2 }} role="status">
      <Alert severity={refused ? 'warning' : 'error'}>
        <AlertTitle>{translate(refused ? 'console.refused.title' : 'console.refused.failed', { name })}</AlertTitle>
        {failure?.message ? failure.message : null}
      </Alert>
    </Box>
  );
};

/** A list's pagination, left out when the list failed (no "1-50 of 50" under a refusal). */
export const PaginationUnlessFailed = (props: PaginationProps) => {
  const { error } = useListContext();
  return error ? null : <Pagination {...props} />;
};

/**
 * A list's `queryOptions` when its `error` is `ListError`: the failure is said once, in the list,
 * not also in react-admin's red notification (a refusal shown twice reads like two problems).
 */
export const INLINE_ERRORS = { onError: () => undefined } as const;
