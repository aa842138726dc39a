import AutoModeIcon from '@mui/icons-material/AutoMode';
import { Chip, Tooltip } from '@mui/material';
import type { MouseEvent } from 'react';
import { Link, useRecordContext, useTranslate } from 'react-admin';
import { useRecordPath } from '../audit/recordPath';
import type { RedirectRule } from './types';

/** Automatic rules (a published post's slug changed) link to their post; others are manual. */
export const AutomaticChip = (_props: { label?: string }) => {
  const record = useRecordContext<RedirectRule>();
  const pathOf = useRecordPath();
  const translate = useTranslate();
  if (!record) return null;
  if (!record.automatic)
    return <Chip size="small" variant="outlined" label={translate('console.redirects.manual')} data-origin="manual" />;
  const path = pathOf('posts', record.objectId);
  const chip = (
    <Chip
      size="small"
      color="info"
      icon={<AutoModeIcon />}
      label={translate('console.redirects.automatic')}
      data-origin="automatic"
      clickable={Boolean(path)}
    />
  );
  return path ? (
    <Tooltip title={translate('console.redirects.automaticTooltip')}>
      <Link
        to={path}
        onClick={(event: MouseEvent) => event.stopPropagation()}
        aria-label={translate('console.redirects.openPost')}
        data-post-link={record.objectId}
      >
        {chip}
      </Link>
    </Tooltip>
  ) : (
    chip
  );
};
