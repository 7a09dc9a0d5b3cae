import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, Typography } from 'antd';
import type { EntityDef } from '@erp/contracts';

type Props = { def: EntityDef; chosen: readonly string[]; onChange: (fields: string[]) => void };

/** Ticks for every field of the entity; at least one column stays. */
export function ColumnChooser({ def, chosen, onChange }: Props) {
  const options = Object.entries(def.fields).map(([field, f]) => ({
    value: field,
    label: f.label,
    disabled: chosen.length === 1 && chosen[0] === field,
  }));
  const content = (
    <Flex vertical gap={8} style={{ maxWidth: 260 }}>
      <Typography.Text type="secondary">Columns shown</Typography.Text>
      <Checkbox.Group
        aria-label="Columns shown"
        value={[...chosen]}
        options={options}
        onChange={(values) => onChange(values.map(String))}
        style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
      />
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content}>
      <Button icon={<SettingOutlined aria-hidden />}>Columns</Button>
    </Popover>
  );
}
