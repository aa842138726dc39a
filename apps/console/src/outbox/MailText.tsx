import { Box, Link, Typography } from '@mui/material';
import { Fragment } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import type { OutboxMail } from '../types';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** A mail's plain text, its links clickable. */
export const MailText = () => {
  const record = useRecordContext<OutboxMail>();
  const translate = useTranslate();
  if (!record) return null;
  const parts = (record.text ?? '').split(URL_PATTERN);
  return (
    <Box sx={{ py: 1, px: 2, maxWidth: 760 }} data-testid="mail-text">
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {translate('console.outbox.to', { to: record.to, subject: record.subject })}
      </Typography>
      <Typography
        component="pre"
        variant="body2"
        sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', m: 0 }}
      >
        {parts.map((part, index) =>
          index % 2 === 1 ? (
            <Link key={index} href={part} target="_blank" rel="noopener noreferrer">
              {part}
            </Link>
          ) : (
            <Fragment key={index}>{part}</Fragment>
          ),
        )}
      </Typography>
    </Box>
  );
};
