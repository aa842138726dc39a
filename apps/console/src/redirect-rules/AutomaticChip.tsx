import AutoModeIcon from '@mui/icons-material/AutoMode';
import { Chip, Tooltip } from '@mui/material';
import type { MouseEvent } from 'react';
import { Link, useRecordContext } from 'react-admin';
import { useRecordPath } from '../audit/recordPath';
import type { RedirectRule } from './types';

/** Automatic rules (a published post's slug changed) link to their post; others are manual. */
export const AutomaticChip = (_props: { label?: string }) => {
  const record = useRecordContext<RedirectRule>();
  const pathOf = useRecordPath();
  if (!record) return null;
  if (!record.automatic) return <Chip size="small" variant="outlined" label="Manual" data-origin="manual" />;
  const path = pathOf('posts', record.objectId);
  const chip = (
    <Chip
      size="small"
      color="info"
      icon={<AutoModeIcon />}
      label="Automatic"
      data-origin="automatic"
      clickable={Boolean(path)}
    />
  );
  return path ? (
    <Tooltip title="Made when the post's address changed: open the post">
      <Link to={path} onClick={(event: MouseEvent) => event.stopPropagation()} aria-label="Open the post of this redirect" data-post-link={record.objectId}>
        {chip}
      </Link>
    </Tooltip>
  ) : (
    chip
  );
};
