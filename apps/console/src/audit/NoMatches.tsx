import { Box, Button, Typography } from '@mui/material';
import { useListContext } from 'react-admin';

/** A list's "nothing matches these filters", with a way back to everything. */
export const NoMatches = ({ text }: { text: string }) => {
  const { setFilters, displayedFilters } = useListContext();
  return (
    <Box sx={{ textAlign: 'center', py: 4, color: 'text.secondary' }} data-testid="no-matches">
      <Typography variant="body1">{text}</Typography>
      <Button size="small" sx={{ mt: 1 }} onClick={() => setFilters({}, displayedFilters)}>
        Clear filters
      </Button>
    </Box>
  );
};
