import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import { Alert } from '@mui/material';
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
      <Column key="url" source="url" label="console.cro.f.url" disableSort>
        <Url />
      </Column>,
      <Column key="stage" source="stage" label="console.cro.f.stage" disableSort />,
    ]}
  />
);

/** The warning the last Publish answered (page rules that match nothing). */
const Warnings = () => {
  const record = useRecordContext<CroRecord>();
  const translate = useTranslate();
  if (!record?.warnings?.length || record.status !== 'live') return null;
  return (
    <Alert severity="warning" sx={{ mt: 1 }} data-warning>
      {translate('console.cro.campaigns.warning', { warning: record.warnings.join(' ') })}
    </Alert>
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
