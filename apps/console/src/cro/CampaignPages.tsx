import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Alert, Tooltip } from '@mui/material';
import { DataTable, useRecordContext, useTranslate } from 'react-admin';
import { CampaignAnalytics } from '../analytics/CampaignAnalytics';
import { dotted } from '../common/SmallList';
import { CampaignForm, prepareCampaign } from './CampaignForm';
import { CroList } from './CroList';
import { GenerationPanel, TemplateChoice } from './CampaignGeneration';
import { CreateToolbar, CroCreate, CroEdit, CroHeader, CroToolbar } from './CroPages';
import type { CroRecord } from './types';

/** "Cancel generation" is the generation panel's button, beside the job's progress (CampaignGeneration.tsx). */
const IN_GENERATION_PANEL = ['CancelGeneration'];

/** Generate asks which template the CTAs are built from (`GET /api/cta-templates`). */
const CAMPAIGN_CHOOSE = {
  Generate: {
    field: 'templateId',
    title: 'console.cro.generation.chooseTitle',
    confirm: 'console.cro.generation.start',
    notice: 'console.cro.generation.started',
    render: (value: string, onChange: (value: string) => void) => <TemplateChoice value={value} onChange={onChange} />,
  },
};

const Column = DataTable.Col<CroRecord>;

/** The placed CTAs that are not live now (`placementWarnings`): a marker with the API's words, in the list. */
const PlacementWarning = (_props: { label?: string }) => {
  const record = useRecordContext<CroRecord>();
  const warnings = Array.isArray(record?.placementWarnings) ? (record.placementWarnings as string[]) : [];
  if (warnings.length === 0) return null;
  return (
    <Tooltip title={warnings.join(' ')}>
      <WarningAmberIcon color="warning" fontSize="small" aria-label={warnings.join(' ')} data-placement-warning />
    </Tooltip>
  );
};

const Url = (_props: { label?: string }) => {
  const record = useRecordContext<CroRecord>();
  return (
    <span style={{ fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' }}>{String(record?.url ?? '')}</span>
  );
};

export const CampaignList = () => (
  <CroList
    icon={<CampaignOutlinedIcon />}
    secondary={(record) => dotted(record.url as string | undefined, record.stage as string | undefined)}
    columns={[
      <Column key="warnings" source="placementWarnings" label="console.cro.campaigns.warnings" disableSort>
        <PlacementWarning />
      </Column>,
      <Column key="url" source="url" label="console.cro.f.url" disableSort>
        <Url />
      </Column>,
      <Column key="stage" source="stage" label="console.cro.f.stage" disableSort />,
    ]}
  />
);

/**
 * The warning the last Publish answered (page rules that match nothing), while live; and the
 * placed CTAs that are not live now (`placementWarnings`), whatever the campaign's status.
 */
const Warnings = () => {
  const record = useRecordContext<CroRecord>();
  const translate = useTranslate();
  const placement = Array.isArray(record?.placementWarnings) ? (record.placementWarnings as string[]) : [];
  const published = record?.status === 'live' ? (record.warnings ?? []) : [];
  if (!record || record.status === 'deleted' || (published.length === 0 && placement.length === 0)) return null;
  return (
    <>
      {published.length ? (
        <Alert severity="warning" sx={{ mt: 1 }} data-warning>
          {translate('console.cro.campaigns.warning', { warning: published.join(' ') })}
        </Alert>
      ) : null}
      {placement.map((warning) => (
        <Alert key={warning} severity="warning" sx={{ mt: 1 }} data-placement-warning>
          {warning}
        </Alert>
      ))}
    </>
  );
};

export const CampaignEdit = () => (
  <CroEdit
    prepare={prepareCampaign}
    form={
      <CampaignForm
        edit
        header={
          <CroHeader>
            <Warnings />
            <GenerationPanel />
            <CampaignAnalytics />
          </CroHeader>
        }
        toolbar={<CroToolbar except={IN_GENERATION_PANEL} choose={CAMPAIGN_CHOOSE} />}
      />
    }
  />
);

export const CampaignCreate = () => (
  <CroCreate
    prepare={prepareCampaign}
    defaults={{ containers: [], pageRules: { operator: 'or', rules: [] } }}
    form={(defaults) => <CampaignForm defaultValues={defaults} toolbar={<CreateToolbar />} />}
  />
);
