import { Box, useMediaQuery, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { SimpleList, type RaRecord, type SimpleListProps } from 'react-admin';

/**
 * Whether the screen is too narrow for the list's table: below `sm` (600 px, phones) by default;
 * lists with many wide columns give way below `md` (900 px). Read on the first render (no table
 * drawn first and replaced a moment later).
 */
export const useSmallScreen = (below: 'sm' | 'md' = 'sm') =>
  useMediaQuery<Theme>((theme) => theme.breakpoints.down(below), { noSsr: true });

/**
 * A list on a phone: react-admin's `<SimpleList>` with one row per record showing its name, its
 * status in words at the right and one secondary line, the row leading where the table's row
 * leads (`rowClick`: "edit", "show", a function or `false`). Every list of the console uses it
 * below its breakpoint (`useSmallScreen`), so all of them read alike.
 */
export function SmallList<R extends RaRecord>({
  name,
  status,
  secondary,
  rowClick,
  avatar,
  action,
  rowSx,
  empty,
}: {
  /** The record's name (a title, a person, a path): never its id. */
  name: (record: R) => ReactNode;
  /** Its status in the console's words (a label, not the stored value). */
  status?: (record: R) => ReactNode;
  /** One useful line under the name (where, who, when). */
  secondary?: (record: R) => ReactNode;
  rowClick: SimpleListProps<R>['rowClick'];
  avatar?: SimpleListProps<R>['leftAvatar'];
  /** A control at the row's end (e.g. "Log in as"); keep it small. */
  action?: (record: R) => ReactNode;
  rowSx?: SimpleListProps<R>['rowSx'];
  empty?: ReactNode;
}) {
  return (
    <SimpleList<R>
      data-small-list
      primaryText={(record) => (
        <Box component="span" data-name sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {name(record)}
        </Box>
      )}
      tertiaryText={
        status
          ? (record) => (
              <Box component="span" data-status-label sx={{ ml: 1 }}>
                {status(record)}
              </Box>
            )
          : undefined
      }
      secondaryText={
        secondary
          ? (record) => (
              <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                {secondary(record)}
              </Box>
            )
          : undefined
      }
      leftAvatar={avatar}
      rightIcon={action}
      rowClick={rowClick}
      rowSx={rowSx}
      empty={empty}
      sx={{ '& .RaSimpleList-tertiary': { opacity: 0.8, fontSize: 13 } }}
    />
  );
}

/** Words joined by a middle dot, the empty ones left out: "Demo Blog · en · Wendy Writer". */
export const dotted = (...parts: Array<string | number | null | undefined | false>) =>
  parts.filter((part) => part !== null && part !== undefined && part !== false && part !== '').join(' · ');
