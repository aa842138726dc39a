import {
  Alert,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import type { HistoryEntry } from '../types';
import { actorName } from './historyText';


const summary = (data: unknown): string => {
  if (data == null) return '';
  const text = JSON.stringify(data);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
};

/** The record's events from `GET /api/{resource}/{id}/history`, newest first. */
export const History = () => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const translate = useTranslate();
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = record?.id;
  const version = record?.version;

  useEffect(() => {
    if (id == null || !resource) return;
    let cancelled = false;
    dataProvider
      .history(resource, id)
      .then(({ data }) => {
        if (!cancelled) setEntries([...data].sort((a, b) => (b.version ?? 0) - (a.version ?? 0)));
      })
      .catch((e: unknown) => {
        if (cancelled) return;
        const status = (e as { status?: number }).status;
        setError(
          status === 404
            ? translate('console.common.history.notAvailable')
            : e instanceof Error && e.message
              ? translate('console.common.history.failedWith', { message: e.message })
              : translate('console.common.history.failed'),
        );
      });
    return () => {
      cancelled = true;
    };
  }, [dataProvider, resource, id, version, translate]);

  if (error) return <Alert severity="info">{error}</Alert>;
  if (!entries) return <CircularProgress size={24} />;
  if (entries.length === 0) return <Typography color="text.secondary">{translate('console.common.history.empty')}</Typography>;
  return (
    <Table size="small" aria-label={translate('console.common.history.label')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('console.common.history.version')}</TableCell>
          <TableCell>{translate('console.common.history.event')}</TableCell>
          <TableCell>{translate('console.common.history.when')}</TableCell>
          <TableCell>{translate('console.common.history.by')}</TableCell>
          <TableCell>{translate('console.common.history.data')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((entry) => {
          const time = entry.time ?? entry.timestamp;
          return (
            <TableRow key={`${entry.version}-${entry.type}`}>
              <TableCell>{entry.version}</TableCell>
              <TableCell>{entry.type}</TableCell>
              <TableCell>{time ? new Date(time).toLocaleString() : '—'}</TableCell>
              <TableCell>{actorName(entry.actor)}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }}>
                {summary(entry.data)}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
};
