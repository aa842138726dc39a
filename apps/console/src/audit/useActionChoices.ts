import { useEffect, useState } from 'react';
import { API_URL, httpClient } from '../providers/http';
import { humanizeName } from './labels';

interface WorkflowDescription {
  name: string;
  actions: string[];
}

/** Used while `GET /api/workflows` is unavailable: the commands an analyst looks for most. */
const FALLBACK: Record<string, string[]> = {
  post: ['Create', 'Save', 'SubmitForEdit', 'ReturnToWriter', 'ApproveFactCheck', 'Publish', 'Delete', 'TakeOver'],
};

let cache: Promise<Record<string, string[]>> | null = null;

/** `GET /api/workflows`, asked once per page load: each workflow's actions, keyed like the audit's `resource`. */
const loadActions = () => {
  if (!cache) {
    cache = httpClient(`${API_URL}/workflows`)
      .then(({ json }) => {
        const byResource: Record<string, string[]> = {};
        for (const workflow of (Array.isArray(json) ? json : []) as WorkflowDescription[]) {
          // Workflows are named "redirect rule", "website domain"; the audit says redirectrule, websitedomain.
          byResource[workflow.name.replace(/\s+/g, '')] = workflow.actions ?? [];
        }
        return byResource;
      })
      .catch(() => {
        cache = null;
        return FALLBACK;
      });
  }
  return cache;
};

/** The action filter's choices: every workflow's commands, or one resource's when it is chosen. */
export const useActionChoices = (resource?: string | null) => {
  const [actions, setActions] = useState<Record<string, string[]>>(FALLBACK);
  useEffect(() => {
    let cancelled = false;
    loadActions().then((value) => {
      if (!cancelled) setActions(value);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  const names = resource && actions[resource] ? actions[resource] : Object.values(actions).flat();
  return [...new Set(names)]
    .map((name) => ({ id: name, name: humanizeName(name) }))
    .sort((a, b) => a.name.localeCompare(b.name));
};
