import { theme } from 'antd';
import type { EscalationRuleView, WorkflowView } from '@erp/contracts';
import { chartLayout, type ChartNode, type ChartTone } from '../chart-layout';
import { useDisplay } from '../shell-adapter';

function ChartBox({ node, colours }: { node: ChartNode; colours: Record<ChartTone | 'border' | 'fill' | 'head' | 'title', string> }) {
  const rounded = node.kind === 'step' ? 6 : 22;
  const head = node.kind === 'step' ? colours.head : colours.fill;
  return (
    <g role="listitem" aria-label={[node.title, ...node.lines.map((l) => l.text)].join('. ')} data-testid={`chart-${node.kind}`}>
      <rect x={node.x} y={node.y} width={node.width} height={node.height} rx={rounded} fill={colours.fill} stroke={colours.border} strokeWidth={1.5} />
      <path d={`M ${node.x} ${node.y + 30} H ${node.x + node.width}`} stroke={colours.border} strokeWidth={node.kind === 'step' ? 1 : 0} />
      {node.kind === 'step' && <rect x={node.x + 1} y={node.y + 1} width={node.width - 2} height={28} rx={5} fill={head} />}
      <text x={node.x + node.width / 2} y={node.y + 20} textAnchor="middle" fontWeight={600} fontSize={14} fill={colours.title}>
        {node.title}
      </text>
      {node.lines.map((line, i) => (
        <text key={i} x={node.x + 12} y={node.y + 30 + 10 + 13 + i * 18} fontSize={12} fill={colours[line.tone]}>
          {line.text}
        </text>
      ))}
    </g>
  );
}

/** A workflow's steps as a flow chart (SVG): boxes for the steps with their approvers, conditions, deadlines and escalations, arrows between them. */
export function WorkflowChart({ view, rules }: { view: WorkflowView; rules: readonly EscalationRuleView[] }) {
  const { token } = theme.useToken();
  const display = useDisplay();
  const layout = chartLayout(view, display, rules);
  const colours = {
    normal: token.colorText,
    muted: token.colorTextSecondary,
    accent: token.colorPrimary,
    warn: token.colorWarningText,
    border: token.colorBorder,
    fill: token.colorBgContainer,
    head: token.colorFillAlter,
    title: token.colorTextHeading,
  };
  return (
    <div className="wf-chart">
      <svg role="img" aria-label={`Chart of workflow ${view.name}`} viewBox={`0 0 ${layout.width} ${layout.height}`} width={layout.width} height={layout.height}>
        <defs>
          <marker id="wf-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill={token.colorTextSecondary} />
          </marker>
        </defs>
        {layout.edges.map((edge) => (
          <g key={edge.key}>
            <path d={edge.path} fill="none" stroke={edge.dashed ? token.colorPrimary : token.colorTextSecondary} strokeWidth={1.5} strokeDasharray={edge.dashed ? '5 4' : undefined} markerEnd="url(#wf-arrow)" />
            {edge.label && (
              <text x={edge.label.x} y={edge.label.y} fontSize={11} fill={token.colorPrimary}>
                {edge.label.text}
              </text>
            )}
          </g>
        ))}
        <g role="list">
          {layout.nodes.map((node) => (
            <ChartBox key={node.key} node={node} colours={colours} />
          ))}
        </g>
      </svg>
    </div>
  );
}
