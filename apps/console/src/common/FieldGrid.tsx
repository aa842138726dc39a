import { Box } from '@mui/material';
import { Children, isValidElement, type ReactNode } from 'react';
import { Labeled } from 'react-admin';

/** Show-page fields laid out in responsive columns, each with its label above. */
export const FieldGrid = ({ children, columns = 3 }: { children: ReactNode; columns?: number }) => (
  <Box
    sx={{
      display: 'grid',
      gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: `repeat(${columns}, minmax(0, 1fr))` },
      columnGap: 3,
      rowGap: 1,
      width: '100%',
    }}
  >
    {Children.map(children, (child) =>
      isValidElement(child) ? (
        <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          <Labeled>{child}</Labeled>
        </Box>
      ) : null,
    )}
  </Box>
);
