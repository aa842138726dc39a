import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { API_URL } from '../providers/http';

/** `GET /api/audit/export.csv` with the list's filters and sort (the same query the list sends). */
export const auditExportUrl = (filter: Record<string, unknown>, sort?: { field: string; order: string }) => {
  const params = new URLSearchParams();
  const active = Object.fromEntries(
    Object.entries(filter ?? {}).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );
  if (sort?.field) params.set('sort', JSON.stringify([sort.field, sort.order]));
  params.set('filter', JSON.stringify(active));
  return `${API_URL}/audit/export.csv?${params.toString()}`;
};

/** A plain link: the browser downloads the CSV with the session cookie, however many rows it has. */
export const AuditExportButton = () => {
  const { filterValues, sort, total, isPending } = useListContext();
  const translate = useTranslate();
  const empty = !isPending && total === 0;
  return (
    <Button
      size="small"
      startIcon={<DownloadIcon />}
      href={auditExportUrl(filterValues, sort)}
      download="audit.csv"
      disabled={empty}
      data-testid="audit-export"
    >
      {translate('console.audit.exportCsv')}
    </Button>
  );
};
