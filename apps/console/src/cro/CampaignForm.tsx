import { CroCheckboxGroupInput, CroRadioButtonGroupInput, CroSelectInput } from './CroChoiceInputs';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import { Alert, Box, Button, List, ListItem, ListItemIcon, ListItemText, TextField } from '@mui/material';
import { useState, type ReactElement } from 'react';
import {
  ArrayInput,
  FormDataConsumer,
  NumberInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  useDataProvider,
  useGetMany,
  useRecordContext,
  useTranslate,
  required,
} from 'react-admin';
import { errorMessage } from '../common/errors';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import { grid, SameWebsiteInput, Section, WebsiteInput } from './inputs';
import { type CroRecord, RULE_OPERATOR_NAMES, SELECTOR_TYPE_NAMES } from './types';

interface MatchAnswer {
  matches: boolean;
  rules: { kind: string; value?: string; listId?: string; matches: boolean }[];
}

/**
 * The rule tester: `GET /api/campaigns/{id}/match?url=` says whether the campaign (its saved page
 * rules) would show on a page, and which rules matched.
 */
const RuleTester = () => {
  const record = useRecordContext<CroRecord>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const translate = useTranslate();
  const [url, setUrl] = useState('');
  const [answer, setAnswer] = useState<MatchAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);
  const listIds = (answer?.rules ?? []).map((rule) => rule.listId).filter((id): id is string => typeof id === 'string');
  const { data: lists } = useGetMany<CroRecord>('url-lists', { ids: listIds }, { enabled: listIds.length > 0 });
  if (!record) return null;
  const test = async () => {
    setTesting(true);
    setError(null);
    try {
      setAnswer((await dataProvider.getPart<MatchAnswer>('campaigns', record.id, 'match', { url: url.trim() })).data);
    } catch (e) {
      setAnswer(null);
      setError(errorMessage(e));
    } finally {
      setTesting(false);
    }
  };
  const ruleText = (rule: MatchAnswer['rules'][number]) =>
    rule.kind === 'list'
      ? translate('console.cro.campaigns.ruleList', {
          name: lists?.find((list) => list.id === rule.listId)?.name ?? '…',
        })
      : translate('console.cro.campaigns.ruleText', {
          kind: translate(`console.cro.campaigns.kinds.${rule.kind}`, { _: rule.kind }),
          value: rule.value ?? '',
        });
  return (
    <Section title="console.cro.campaigns.tester" text="console.cro.campaigns.testerText">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }} data-rule-tester>
        <TextField
          size="small"
          label={translate('console.cro.campaigns.testUrl')}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              if (url.trim()) void test();
            }
          }}
          placeholder="https://"
          sx={{ flex: 1, minWidth: 240 }}
          slotProps={{ htmlInput: { 'data-test-url': true } }}
        />
        <Button variant="outlined" onClick={() => void test()} disabled={!url.trim() || testing}>
          {translate('console.cro.campaigns.test')}
        </Button>
      </Box>
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      ) : null}
      {answer ? (
        <Box sx={{ mt: 1 }} data-match-result={answer.matches ? 'matches' : 'no-match'}>
          <Alert severity={answer.matches ? 'success' : 'warning'}>
            {translate(answer.matches ? 'console.cro.campaigns.matches' : 'console.cro.campaigns.noMatch', {
              name: record.name,
            })}
          </Alert>
          <List dense>
            {answer.rules.map((rule, index) => (
              <ListItem key={index} data-rule-matches={rule.matches}>
                <ListItemIcon sx={{ minWidth: 32 }}>
                  {rule.matches ? (
                    <TaskAltIcon color="success" fontSize="small" />
                  ) : (
                    <HighlightOffIcon color="disabled" fontSize="small" />
                  )}
                </ListItemIcon>
                <ListItemText
                  primary={ruleText(rule)}
                  secondary={translate(
                    rule.matches ? 'console.cro.campaigns.ruleMatched' : 'console.cro.campaigns.ruleNotMatched',
                  )}
                  sx={{ overflowWrap: 'anywhere' }}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      ) : null}
    </Section>
  );
};

/**
 * A campaign: where it is (name, page URL, vertical, stage), its containers (which CTA of the
 * website shows where on the page) and its page rules; on its page, the rule tester.
 */
export const CampaignForm = ({
  edit = false,
  toolbar,
  header,
  defaultValues,
}: {
  edit?: boolean;
  toolbar: ReactElement;
  header?: ReactElement;
  defaultValues?: Record<string, unknown>;
}) => (
  <SimpleForm toolbar={toolbar} defaultValues={defaultValues} sx={{ maxWidth: 980 }} warnWhenUnsavedChanges={false}>
    {header}
    <Box sx={grid}>
      <WebsiteInput edit={edit} />
      <TextInput source="name" label="console.cro.fields.name" />
      <TextInput
        source="url"
        label="console.cro.f.url"
        placeholder="https://"
        helperText="console.cro.campaigns.urlHelp"
      />
      <TextInput source="vertical" label="console.cro.f.vertical" />
      <TextInput source="stage" label="console.cro.f.stage" />
    </Box>
    <Section title="console.cro.campaigns.containers" text="console.cro.campaigns.containersText">
      <ArrayInput source="containers" label={false}>
        <SimpleFormIterator disableReordering sx={{ '& .RaSimpleFormIterator-line': { py: 1 } }}>
          <Box
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, columnGap: 2, width: '100%' }}
          >
            <TextInput source="name" label="console.cro.f.containerName" helperText={false} />
            <SameWebsiteInput source="ctaId" reference="ctas" label="console.cro.f.ctaId" helperText={false} />
            <CroSelectInput
              resource="campaigns"
              valuesOf="position"
              source="position"
              label="console.cro.f.containerPosition"
              helperText={false}
              defaultValue="below"
              validate={required()}
            />
            <TextInput source="selector" label="console.cro.f.selector" helperText={false} />
            <CroSelectInput
              resource="campaigns"
              valuesOf="selectorType"
              names={SELECTOR_TYPE_NAMES}
              source="selectorType"
              label="console.cro.f.selectorType"
              helperText={false}
              defaultValue="css"
              validate={required()}
            />
            <NumberInput source="marginPx" label="console.cro.f.marginPx" helperText={false} />
          </Box>
          <CroCheckboxGroupInput
            resource="campaigns"
            valuesOf="device"
            source="devices"
            label="console.cro.f.devices"
            helperText={false}
            // A new container shows on every device until the marketer says otherwise.
            allByDefault
          />
        </SimpleFormIterator>
      </ArrayInput>
    </Section>
    <Section title="console.cro.campaigns.pageRules" text="console.cro.campaigns.pageRulesText">
      <CroRadioButtonGroupInput
        resource="campaigns"
        valuesOf="pageRuleOperator"
        names={RULE_OPERATOR_NAMES}
        source="pageRules.operator"
        label="console.cro.f.operator"
      />
      <ArrayInput source="pageRules.rules" label={false}>
        <SimpleFormIterator inline>
          <CroSelectInput
            resource="campaigns"
            valuesOf="pageRuleKind"
            source="kind"
            label="console.cro.f.ruleKind"
            helperText={false}
          />
          <FormDataConsumer<{ kind?: string }>>
            {({ scopedFormData }) =>
              scopedFormData?.kind === 'list' ? (
                <SameWebsiteInput
                  source="listId"
                  reference="url-lists"
                  label="console.cro.f.listId"
                  helperText={false}
                />
              ) : (
                <TextInput
                  source="value"
                  label="console.cro.f.ruleValue"
                  placeholder="https://"
                  helperText={false}
                  sx={{ minWidth: 320 }}
                />
              )
            }
          </FormDataConsumer>
        </SimpleFormIterator>
      </ArrayInput>
    </Section>
    {edit ? <RuleTester /> : null}
  </SimpleForm>
);

/** A rule keeps the value or the list its kind uses. */
export const prepareCampaign = (data: Record<string, unknown>) => {
  const rules = (data.pageRules as { rules?: { kind?: string; value?: unknown; listId?: unknown }[] } | undefined)
    ?.rules;
  if (!Array.isArray(rules)) return data;
  return {
    ...data,
    pageRules: {
      ...(data.pageRules as object),
      rules: rules.map((rule) =>
        rule.kind === 'list' ? { kind: rule.kind, listId: rule.listId } : { kind: rule.kind, value: rule.value },
      ),
    },
  };
};
