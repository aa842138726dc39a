import { Box, Button, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/** A list's "nothing matches these filters" (`text`: a message key), with a way back to everything. */
export const NoMatches = ({ text }: { text: string }) => {
  const { setFilters, displayedFilters } = useListContext();
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 4, color: 'text.secondary' }} data-testid="no-matches">
      <Typography variant="body1">{translate(text)}</Typography>
      <Button size="small" sx={{ mt: 1 }} onClick={() => setFilters({}, displayedFilters)}>
        {translate('console.audit.clearFilters')}
      </Button>
    </Box>
  );
};
