import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Typography, theme } from 'antd';
import { memo, useId } from 'react';
import {
  grantedCount,
  pagesState,
  setOperation,
  setPage,
  setPages,
  type Grants,
  type GroupNode,
  type ModuleNode,
  type PageNode,
} from '../permission-tree';

/** Edits go through an updater, so a row's handlers stay the same and unchanged rows skip rendering. */
export type GrantsUpdate = (update: (grants: Grants) => Grants) => void;
type EditProps = { grants: Grants; onUpdate: GrantsUpdate; readOnly: boolean };

type Props = EditProps & {
  tree: readonly ModuleNode[];
  expanded: ReadonlySet<string>;
  onToggle: (module: string) => void;
};

/**
 * Module -> group -> pages, each with a checkbox; a page also lists its operation labels. Module
 * and group checkboxes select or clear everything below them. Each level is a labelled group, so
 * an operation is found as: group (module) > group (group) > group (page) > checkbox (label).
 */
export function PermissionEditor({ tree, expanded, onToggle, ...edit }: Props) {
  return (
    <div>
      {tree.map((module) => (
        <ModuleSection
          key={module.name}
          module={module}
          expanded={expanded.has(module.name)}
          onToggle={() => onToggle(module.name)}
          {...edit}
        />
      ))}
    </div>
  );
}

function AllCheckbox({
  pages,
  grants,
  onUpdate,
  readOnly,
  children,
}: EditProps & { pages: readonly PageNode[]; children: string }) {
  const state = pagesState(grants, pages);
  return (
    <Checkbox
      checked={state === 'checked'}
      indeterminate={state === 'indeterminate'}
      disabled={readOnly}
      onChange={(event) => onUpdate((current) => setPages(current, pages, event.target.checked))}
    >
      <strong>{children}</strong>
    </Checkbox>
  );
}

type SectionProps = EditProps & { module: ModuleNode; expanded: boolean; onToggle: () => void };

function ModuleSection({ module, expanded, onToggle, ...edit }: SectionProps) {
  const { token } = theme.useToken();
  const bodyId = useId();
  const action = expanded ? 'Collapse' : 'Expand';
  return (
    <section
      role="group"
      aria-label={module.name}
      style={{ borderBottom: `1px solid ${token.colorBorderSecondary}`, padding: '6px 0' }}
    >
      <Flex align="center" gap={8} wrap>
        <Button
          type="text"
          size="small"
          icon={expanded ? <DownOutlined aria-hidden /> : <RightOutlined aria-hidden />}
          aria-expanded={expanded}
          aria-controls={bodyId}
          aria-label={`${action} ${module.name}`}
          onClick={onToggle}
        />
        <AllCheckbox pages={module.pages} {...edit}>
          {module.name}
        </AllCheckbox>
        <Typography.Text type="secondary">
          {grantedCount(edit.grants, module.pages)} of {module.pages.length} pages
        </Typography.Text>
      </Flex>
      {expanded && (
        <div id={bodyId} style={{ paddingLeft: 32 }}>
          {module.groups.map((group) => (
            <GroupBlock key={group.key} group={group} {...edit} />
          ))}
        </div>
      )}
    </section>
  );
}

function GroupBlock({ group, ...edit }: EditProps & { group: GroupNode }) {
  return (
    <div role="group" aria-label={group.name} style={{ padding: '6px 0' }}>
      <AllCheckbox pages={group.pages} {...edit}>
        {group.name}
      </AllCheckbox>
      <div style={{ paddingLeft: 24 }}>
        {group.pages.map((page) => (
          <PageRow
            key={page.key}
            page={page}
            operations={edit.grants.get(page.key)}
            onUpdate={edit.onUpdate}
            readOnly={edit.readOnly}
          />
        ))}
      </div>
    </div>
  );
}

type RowProps = {
  page: PageNode;
  operations: ReadonlySet<string> | undefined;
  onUpdate: GrantsUpdate;
  readOnly: boolean;
};

/* A row re-renders only when its own grant changes: the grants map keeps the sets of untouched pages. */
const PageRow = memo(function PageRow({ page, operations, onUpdate, readOnly }: RowProps) {
  const { token } = theme.useToken();
  const indent = page.depth * 20;
  return (
    <Flex
      role="group"
      aria-label={page.name}
      wrap
      gap={4}
      style={{ padding: '4px 0', borderTop: `1px dashed ${token.colorSplit}` }}
    >
      <Flex vertical style={{ flex: '0 0 220px', paddingLeft: indent }}>
        <Checkbox
          checked={operations !== undefined}
          disabled={readOnly}
          onChange={(event) => onUpdate((current) => setPage(current, page, event.target.checked))}
        >
          {page.name}
        </Checkbox>
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, paddingLeft: 24 }}>
          {page.link}
        </Typography.Text>
      </Flex>
      <Flex wrap gap={4} style={{ flex: '1 1 280px' }}>
        {page.operations.map((operation) => (
          <Checkbox
            key={operation}
            checked={operations?.has(operation) ?? false}
            disabled={readOnly}
            onChange={(event) =>
              onUpdate((current) => setOperation(current, page, operation, event.target.checked))
            }
          >
            {operation}
          </Checkbox>
        ))}
      </Flex>
    </Flex>
  );
});
