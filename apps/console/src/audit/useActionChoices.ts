import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import { humanizeName } from './labels';

interface WorkflowDescription {
  name: string;
  actions: string[];
}

/** `GET /api/workflows`, asked once per page load: each workflow's actions, keyed like the audit's `resource`. */
const useWorkflowDescriptions = () => {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: ['workflows'],
    queryFn: async () => {
      const { data } = await dataProvider.workflows<WorkflowDescription[]>();
      const byResource: Record<string, string[]> = {};
      for (const workflow of Array.isArray(data) ? data : []) {
        // Workflows are named "redirect rule", "website domain"; the audit says redirectrule, websitedomain.
        byResource[workflow.name.replace(/\s+/g, '')] = workflow.actions ?? [];
      }
      return byResource;
    },
    staleTime: Infinity,
    retry: false,
  });
};

/** The action filter's choices: every workflow's commands, or one resource's when it is chosen (none while they load). */
export const useActionChoices = (resource?: string | null) => {
  const { data } = useWorkflowDescriptions();
  const actions = data ?? {};
  const names = resource && actions[resource] ? actions[resource] : Object.values(actions).flat();
  return [...new Set(names)]
    .map((name) => ({ id: name, name: humanizeName(name) }))
    .sort((a, b) => a.name.localeCompare(b.name));
};
