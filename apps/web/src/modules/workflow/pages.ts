import type { ComponentType } from 'react';

type PageLoader = () => Promise<{ default: ComponentType }>;

/** Lazy loaders of the workflow screens, by route (SPEC.md section 2, Admin menu). */
export const workflowPages: Readonly<Record<string, PageLoader>> = {
  '/workflow': () => import('./pages/WorkflowPage'),
  '/workflow-chart': () => import('./pages/WorkflowChartPage'),
  '/escalation': () => import('./pages/EscalationPage'),
  '/workflow-tag': () => import('./pages/WorkflowTagPage'),
  '/workflow-actor': () => import('./pages/WorkflowActorPage'),
  '/message-setting': () => import('./pages/MessageSettingPage'),
  '/workflow-task': () => import('./pages/TaskInboxPage'),
};
