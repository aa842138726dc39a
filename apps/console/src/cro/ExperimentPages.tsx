import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import { DataTable, useRecordContext } from 'react-admin';
import { ExperimentResults } from '../analytics/ExperimentResults';
import { dotted } from '../common/SmallList';
import { CroList } from './CroList';
import { CreateToolbar, CroCreate, CroEdit, CroHeader, CroToolbar } from './CroPages';
import { ExperimentForm, prepareExperiment } from './ExperimentForm';
import { TEST_TYPE_NAMES, useCroChoices, type CroRecord } from './types';

const Column = DataTable.Col<CroRecord>;
const TestType = (_props: { label?: string }) => {
  const testType = useRecordContext<CroRecord>()?.testType;
  const { choices } = useCroChoices('experiments');
  return <>{choices('testType', TEST_TYPE_NAMES).find((type) => type.id === testType)?.name ?? ''}</>;
};

export const ExperimentList = () => {
  const { choices } = useCroChoices('experiments');
  const testTypeLabel = (value: unknown) =>
    choices('testType', TEST_TYPE_NAMES).find((type) => type.id === value)?.name ?? '';
  return (
    <CroList
      icon={<ScienceOutlinedIcon />}
      secondary={(record) => dotted(testTypeLabel(record.testType), record.pageUrl as string | undefined)}
      columns={
        <Column source="type" label="console.cro.f.testType">
          <TestType />
        </Column>
      }
    />
  );
};

/** CompleteAndDeploy asks which variant to deploy (the record's variants). */
const ExperimentToolbar = () => {
  const record = useRecordContext<CroRecord>();
  const variants = (Array.isArray(record?.variants) ? record.variants : []) as { key: string; name?: string }[];
  return (
    <CroToolbar
      choose={{
        CompleteAndDeploy: {
          field: 'variant',
          title: 'console.cro.experiments.deployWhich',
          choices: variants.map((variant) => ({
            id: variant.key,
            name: variant.name ? `${variant.name} (${variant.key})` : variant.key,
          })),
        },
      }}
    />
  );
};

export const ExperimentEdit = () => (
  <CroEdit
    prepare={prepareExperiment}
    form={
      <ExperimentForm
        edit
        header={
          <CroHeader>
            <ExperimentResults />
          </CroHeader>
        }
        toolbar={<ExperimentToolbar />}
      />
    }
  />
);

export const ExperimentCreate = () => (
  <CroCreate
    prepare={prepareExperiment}
    defaults={{
      testType: 'ab',
      variants: [
        { key: 'control', name: 'Control', weight: 50 },
        { key: 'variant-b', name: 'Variant B', weight: 50 },
      ],
      endRule: { mode: 'manual' },
    }}
    form={(defaults) => <ExperimentForm defaultValues={defaults} toolbar={<CreateToolbar />} />}
  />
);
