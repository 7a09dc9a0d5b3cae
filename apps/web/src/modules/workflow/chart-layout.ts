/*
 * The /workflow-chart drawing as plain data: a start box, one box per step (approvers, amount
 * condition, deadline, escalation, operation) and an end box with what the approval runs, top to
 * bottom, joined by arrows. A step with an amount condition gets a dashed arrow around it: the
 * documents outside its range skip it.
 */
import type { EscalationRuleView, WorkflowStepView, WorkflowView } from '@erp/contracts';
import type { Display } from './shell-adapter';
import { approvalTypeLabel, thresholdLabel } from './workflow-format';

export type ChartTone = 'normal' | 'muted' | 'accent' | 'warn';
export type ChartLine = { text: string; tone: ChartTone };
export type ChartNode = { key: string; kind: 'start' | 'step' | 'end'; x: number; y: number; width: number; height: number; title: string; lines: ChartLine[] };
export type ChartEdge = { key: string; path: string; dashed: boolean; label?: { text: string; x: number; y: number } };
export type ChartLayout = { width: number; height: number; nodes: ChartNode[]; edges: ChartEdge[] };

export const NODE_WIDTH = 340;
const TITLE_HEIGHT = 30;
const LINE_HEIGHT = 18;
const PADDING = 10;
const GAP = 48;
const MARGIN = 16;
/** Room on the right for the skip arrows and their labels. */
const SIDE = 190;
/** Characters that fit on a line of the box at 12px. */
export const LINE_CHARS = 50;

export function clip(text: string, max = LINE_CHARS): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The text in lines of at most `max` characters, broken between words (a longer word is clipped); at most `most` lines. */
export function wrap(text: string, max = LINE_CHARS, most = 3): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (next.length <= max) current = next;
    else {
      if (current) lines.push(current);
      current = clip(word, max);
    }
  }
  if (current) lines.push(current);
  if (lines.length <= most) return lines;
  return [...lines.slice(0, most - 1), clip(lines.slice(most - 1).join(' '), max)];
}

const wrapped = (text: string, tone: ChartTone): ChartLine[] => wrap(text).map((line) => ({ text: line, tone }));

function stepLines(step: WorkflowStepView, currency: string, rules: readonly EscalationRuleView[], display: Display): ChartLine[] {
  const who = step.assignees.map((a) => a.label).join(', ') || 'nobody';
  const lines: ChartLine[] = wrapped(`${step.rule === 'All' ? 'All of' : 'Any of'}: ${who}`, 'normal');
  const condition = thresholdLabel(step.minAmount, step.maxAmount, currency, display);
  lines.push(...wrapped(condition ? `Only when amount ${condition}` : 'Every document', condition ? 'accent' : 'muted'));
  lines.push({ text: step.deadlineHours ? `Deadline ${step.deadlineHours} h` : 'No deadline', tone: step.deadlineHours ? 'normal' : 'muted' });
  for (const rule of rules.filter((r) => r.active && (r.stepId === step.id || (r.stepId === null && step.deadlineHours !== null)))) {
    const when = rule.afterHours === 0 ? 'at the deadline' : `${rule.afterHours} h late`;
    lines.push(...wrapped(rule.action === 'Escalate' ? `Escalates to ${rule.target?.label ?? '?'} ${when}` : `Reminds ${when}`, 'warn'));
  }
  if (step.operation) lines.push({ text: `Then performs ${step.operation}`, tone: 'accent' });
  return lines;
}

const heightOf = (lines: readonly ChartLine[]) => TITLE_HEIGHT + PADDING + lines.length * LINE_HEIGHT + (lines.length > 0 ? PADDING : 0);

/** What is left to run when the last step completes: the completion operations no step performs. */
export function remainingOperations(view: Pick<WorkflowView, 'steps' | 'completion'>): string[] {
  const done = new Set(view.steps.map((s) => s.operation).filter((op) => op !== null));
  return view.completion.filter((op) => !done.has(op));
}

export function chartLayout(view: WorkflowView, display: Display, rules: readonly EscalationRuleView[] = []): ChartLayout {
  const x = MARGIN;
  const remaining = remainingOperations(view);
  const specs: Omit<ChartNode, 'x' | 'y' | 'height'>[] = [
    { key: 'start', kind: 'start', width: NODE_WIDTH, title: 'Document submitted', lines: wrapped(`${approvalTypeLabel(view.approvalType)} · ${view.allowSelfApproval ? 'self-approval allowed' : 'no self-approval'}`, 'muted') },
    ...view.steps.map((step) => ({ key: step.id, kind: 'step' as const, width: NODE_WIDTH, title: clip(`${step.stepNo}. ${step.name}`, 40), lines: stepLines(step, view.currency, rules, display) })),
    { key: 'end', kind: 'end', width: NODE_WIDTH, title: 'Approved', lines: [{ text: remaining.length > 0 ? `Runs ${remaining.join(', ')}` : 'Every operation ran at its step', tone: 'accent' }] },
  ];
  const nodes: ChartNode[] = [];
  let y = MARGIN;
  for (const spec of specs) {
    const height = heightOf(spec.lines);
    nodes.push({ ...spec, x, y, height });
    y += height + GAP;
  }
  const centre = x + NODE_WIDTH / 2;
  const edges: ChartEdge[] = [];
  for (let i = 0; i < nodes.length - 1; i++) {
    const from = nodes[i]!;
    const to = nodes[i + 1]!;
    edges.push({ key: `${from.key}->${to.key}`, dashed: false, path: `M ${centre} ${from.y + from.height} L ${centre} ${to.y - 2}` });
  }
  // Skips: from the box before a conditional step to the box after it, around its right side.
  view.steps.forEach((step, index) => {
    if (step.minAmount === null && step.maxAmount === null) return;
    const before = nodes[index]!;
    const after = nodes[index + 2]!;
    const right = x + NODE_WIDTH;
    const bend = right + 36;
    const y1 = before.y + before.height - 12;
    const y2 = after.y + 12;
    edges.push({
      key: `skip-${step.id}`,
      dashed: true,
      path: `M ${right} ${y1} C ${bend} ${y1}, ${bend} ${y1}, ${bend} ${y1 + 24} L ${bend} ${y2 - 24} C ${bend} ${y2}, ${bend} ${y2}, ${right + 2} ${y2}`,
      label: { text: 'outside the range: skip', x: bend + 6, y: (y1 + y2) / 2 },
    });
  });
  return { width: MARGIN * 2 + NODE_WIDTH + SIDE, height: y - GAP + MARGIN, nodes, edges };
}
