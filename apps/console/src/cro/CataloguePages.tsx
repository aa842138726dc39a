import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { DataTable, useRecordContext } from 'react-admin';
import { humanize } from '../common/choices';
import { dotted } from '../common/SmallList';
import { GoalForm, ProductForm, UrlListForm } from './CatalogueForms';
import { CroList } from './CroList';
import { CreateToolbar, CroCreate, CroEdit, CroHeader, CroToolbar } from './CroPages';
import type { CroRecord } from './types';

const Column = DataTable.Col<CroRecord>;
const Text = ({ value }: { value: (record: CroRecord) => string; label?: string }) => {
  const record = useRecordContext<CroRecord>();
  return <>{record ? value(record) : ''}</>;
};

const productLine = (record: CroRecord) =>
  dotted(record.displayName as string | undefined, record.type as string | undefined);
export const ProductList = () => (
  <CroList
    icon={<Inventory2OutlinedIcon />}
    secondary={productLine}
    columns={
      <Column source="type" label="console.cro.f.productType">
        <Text value={(record) => String(record.type ?? '')} />
      </Column>
    }
  />
);
export const ProductEdit = () => (
  <CroEdit form={<ProductForm edit header={<CroHeader />} toolbar={<CroToolbar />} />} />
);
export const ProductCreate = () => (
  <CroCreate form={(defaults) => <ProductForm defaultValues={defaults} toolbar={<CreateToolbar />} />} />
);

const goalLine = (record: CroRecord) => dotted(humanize(String(record.type ?? '')), record.event as string | undefined);
export const GoalList = () => (
  <CroList
    icon={<FlagOutlinedIcon />}
    secondary={goalLine}
    columns={[
      <Column key="type" source="type" label="console.cro.f.goalType">
        <Text value={(record) => humanize(String(record.type ?? ''))} />
      </Column>,
      <Column key="event" source="event" label="console.cro.f.event" disableSort />,
    ]}
  />
);
export const GoalEdit = () => <CroEdit form={<GoalForm edit header={<CroHeader />} toolbar={<CroToolbar />} />} />;
export const GoalCreate = () => (
  <CroCreate
    defaults={{ type: 'count', filters: [] }}
    form={(defaults) => <GoalForm defaultValues={defaults} toolbar={<CreateToolbar />} />}
  />
);

const ruleCount = (record: CroRecord) => (Array.isArray(record.rules) ? record.rules.length : 0);
export const UrlListList = () => (
  <CroList
    icon={<PlaylistAddCheckIcon />}
    secondary={(record) => dotted(record.type as string | undefined, String(ruleCount(record)))}
    columns={
      <Column source="rules" label="console.cro.f.ruleCount" disableSort align="right">
        <Text value={(record) => String(ruleCount(record))} />
      </Column>
    }
  />
);
export const UrlListEdit = () => (
  <CroEdit form={<UrlListForm edit header={<CroHeader />} toolbar={<CroToolbar />} />} />
);
export const UrlListCreate = () => (
  <CroCreate
    defaults={{ rules: [{ kind: 'contains', value: '' }] }}
    form={(defaults) => <UrlListForm defaultValues={defaults} toolbar={<CreateToolbar />} />}
  />
);
