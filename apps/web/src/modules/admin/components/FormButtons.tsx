import { Button, Flex } from 'antd';

/** Cancel and the submit button of a dialog form. */
export function FormButtons({
  onCancel,
  saving,
  label = 'Save',
  disabled = false,
}: {
  onCancel: () => void;
  saving: boolean;
  label?: string;
  disabled?: boolean;
}) {
  return (
    <Flex gap={8} justify="end">
      <Button onClick={onCancel}>Cancel</Button>
      <Button type="primary" htmlType="submit" loading={saving} disabled={disabled}>
        {label}
      </Button>
    </Flex>
  );
}
