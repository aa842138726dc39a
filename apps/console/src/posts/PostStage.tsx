import { formatTime } from '../common/historyText';
import { useWebsiteTimeZone } from '../common/DateFields';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import { Alert, Box, Chip, Step, StepLabel, Stepper, Typography, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import { usePostStatusLabel } from './labels';
import { PostActionButtons } from './PostActionButtons';
import type { Post } from './types';

const CHIP_COLORS: Record<string, ChipProps['color']> = {
  Writer: 'default',
  Edit: 'info',
  SecondEdit: 'info',
  Review: 'info',
  FactCheck: 'secondary',
  SecondFactCheck: 'secondary',
  ThirdFactCheck: 'secondary',
  FourthFactCheck: 'secondary',
  Published: 'success',
  Deleted: 'warning',
  Archived: 'default',
};

/** The post's status in the spec's words (Writing, Edit, Review, ..., Unpublished), as a chip. */
export const PostStatusChip = ({
  record,
  size = 'small',
}: {
  record: Pick<Post, 'status' | 'statusLabel'> | undefined;
  size?: 'small' | 'medium';
}) => {
  const statusLabel = usePostStatusLabel();
  if (!record?.status) return null;
  const color = CHIP_COLORS[record.status] ?? 'default';
  return (
    <Chip
      key={record.status}
      size={size}
      label={record.statusLabel || statusLabel(record.status)}
      color={color}
      variant={color === 'default' ? 'outlined' : 'filled'}
      data-status={record.status}
      sx={{ fontWeight: 500 }}
    />
  );
};

/**
 * The stages of the post's website, then Published, with the current one highlighted (an
 * unpublished or archived post shows every stage done and its state beside).
 */
export const StageStepper = ({ record }: { record: Post }) => {
  const translate = useTranslate();
  const statusLabel = usePostStatusLabel();
  const stages = [...(record.stages?.length ? record.stages : ['Writer', 'Edit']), 'Published'];
  const after = record.status === 'Deleted' || record.status === 'Archived';
  const index = after ? stages.length : stages.indexOf(record.status);
  // A post in a stage its website no longer uses still shows where it is.
  const steps = index === -1 ? [...stages.slice(0, -1), record.status, 'Published'] : stages;
  const active = index === -1 ? steps.indexOf(record.status) : index;
  return (
    <Stepper
      activeStep={active}
      alternativeLabel
      aria-label={translate('console.posts.stage.stages')}
      sx={{ '& .MuiStepLabel-label': { mt: 0.5, fontSize: 13 } }}
    >
      {steps.map((stage, i) => (
        <Step
          key={stage}
          completed={i < active || (stage === 'Published' && record.status === 'Published')}
          data-stage={stage}
          data-current={i === active ? 'true' : undefined}
        >
          <StepLabel
            slotProps={{ label: { sx: i === active ? { fontWeight: 700, color: 'primary.main' } : undefined } }}
          >
            {statusLabel(stage)}
          </StepLabel>
        </Step>
      ))}
    </Stepper>
  );
};

/**
 * Who works on the post now ("Being worked on by X since …"), or that it waits in the stage's
 * pool, with the Select, Discard, Take over and Send to buttons the user may press.
 */
export const HolderBar = ({
  record,
  disabled,
  disabledReason,
}: {
  record: Post;
  disabled?: boolean;
  disabledReason?: string;
}) => {
  const translate = useTranslate();
  const statusLabel = usePostStatusLabel();
  const timeZone = useWebsiteTimeZone(record);
  const inWorkflow =
    (record.stages ?? []).includes(record.status) || !['Published', 'Deleted', 'Archived'].includes(record.status);
  if (!inWorkflow) return null;
  return (
    <Alert
      icon={<PersonOutlineIcon />}
      severity={record.holder ? 'info' : 'warning'}
      variant="outlined"
      data-holder={record.holder?.name ?? ''}
      // The text keeps a readable width: on a narrow screen the buttons move below it (they
      // would otherwise squeeze the message to nothing) and wrap among themselves.
      sx={{
        alignItems: 'center',
        flexWrap: 'wrap',
        rowGap: 0.5,
        '& .MuiAlert-message': { flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' },
        '& .MuiAlert-action': { pt: 0, mr: 0, ml: 'auto', pl: { xs: 0, sm: 2 }, minWidth: 0, maxWidth: '100%' },
      }}
      action={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <PostActionButtons
            record={record}
            only={['Select', 'Discard', 'TakeOver', 'SendTo']}
            size="small"
            disabled={disabled}
            disabledReason={disabledReason}
          />
        </Box>
      }
    >
      {record.holder ? (
        <Typography variant="body2">
          {translate('console.posts.stage.workedOnBy')}
          <strong>{record.holder.name}</strong>
          {translate('console.posts.stage.since', { time: formatTime(record.holder.since, timeZone) })}
        </Typography>
      ) : (
        <Typography variant="body2">
          {translate('console.posts.stage.inPool')}
          <strong>{statusLabel(record.status)}</strong>
          {translate('console.posts.stage.pool')}
        </Typography>
      )}
    </Alert>
  );
};
