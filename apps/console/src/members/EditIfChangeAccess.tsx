import EditIcon from '@mui/icons-material/Edit';
import { IconButton, Tooltip } from '@mui/material';
import { EditButton, Link, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import type { Member } from '../types';

/**
 * The Edit button (the access form), shown only when the member's `allowedActions` include
 * `ChangeAccess`; `compact` for a list row (an icon link named Edit).
 */
export const EditIfChangeAccess = ({ compact = false }: { compact?: boolean }) => {
  const record = useRecordContext<Member>();
  const createPath = useCreatePath();
  const translate = useTranslate();
  if (!record?.allowedActions?.includes('ChangeAccess')) return null;
  if (!compact) return <EditButton />;
  return (
    <Tooltip title={translate('console.members.editAccess')}>
      <IconButton
        component={Link}
        to={createPath({ resource: 'members', id: record.id, type: 'edit' })}
        aria-label={translate('console.members.edit')}
        size="small"
        color="primary"
        onClick={(event: { stopPropagation(): void }) => event.stopPropagation()}
      >
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};
