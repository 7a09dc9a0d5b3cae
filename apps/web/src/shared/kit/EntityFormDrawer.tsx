import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Col, Drawer, Flex, Form, Row } from 'antd';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DEFAULT_DATE_FORMAT, entityInputSchema, type EntityDef, type EntityRecord } from '@erp/contracts';
import { useMediaQuery } from '../useMediaQuery';
import { EntityFieldInput } from './EntityFieldInput';
import { fieldOfMessage, formValuesOf, recordBody, type FormValues } from './form-values';
import { entityKey, saveEntity, type RefLabels } from './kit-api';
import { useCompany, useNotify } from './shell-adapter';

export type EntityFormDrawerProps = {
  def: EntityDef;
  open: boolean;
  /** The record to edit; none for a new one. */
  record?: EntityRecord;
  /** Values a new record starts with (e.g. the group an account is added under). */
  initial?: FormValues;
  /** Labels of the referenced records the caller knows, by field and id. */
  labels?: RefLabels;
  /** Without the Save or Edit label the form opens read-only. */
  readOnly?: boolean;
  onClose: () => void;
  onSaved?: (record: EntityRecord) => void;
};

const DRAWER_WIDTH = 720;

/** The generic form of a kit entity in a side drawer: New or Edit, laid out by the definition's form rows. */
export function EntityFormDrawer(props: EntityFormDrawerProps) {
  const { def, open, record, onClose } = props;
  const narrow = useMediaQuery('(max-width: 767px)');
  const title = `${record ? 'Edit' : 'New'} ${def.label}`;
  const formId = `${def.name}-form`;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      destroyOnHidden
      title={title}
      size={narrow ? '100%' : DRAWER_WIDTH}
      footer={
        <Flex gap={8} justify="end">
          <Button onClick={onClose}>Cancel</Button>
          {!props.readOnly && (
            <Button type="primary" htmlType="submit" form={formId}>
              Save
            </Button>
          )}
        </Flex>
      }
    >
      {open && <EntityForm key={record?.id ?? 'new'} formId={formId} {...props} />}
    </Drawer>
  );
}

/** A full-width field: long text needs the room. */
const wide = (def: EntityDef, field: string) => def.fields[field]!.type === 'longText';

function EntityForm({ def, record, initial, labels, readOnly, onClose, onSaved, formId }: EntityFormDrawerProps & { formId: string }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dateFormat = useCompany()?.dateFormat ?? DEFAULT_DATE_FORMAT;
  // The entity schema takes and gives unknown: typed here as form values in, a record out.
  const schema = useMemo(() => z.preprocess((values: FormValues) => values, entityInputSchema(def).pipe(z.record(z.string(), z.unknown()))), [def]);
  const { control, handleSubmit, setError } = useForm<FormValues, unknown, FormValues>({
    resolver: zodResolver(schema),
    defaultValues: formValuesOf(def, record, initial),
  });
  const save = useMutation({
    mutationFn: (body: FormValues) => saveEntity(def, record?.id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entityKey(def) }),
  });

  const submit = handleSubmit(async (parsed) => {
    try {
      const saved = await save.mutateAsync(recordBody(def, parsed));
      notify.success();
      onSaved?.(saved);
      onClose();
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'Error';
      notify.error(message);
      const named = fieldOfMessage(def, message);
      if (named) setError(named.field, { type: 'server', message: named.text }, { shouldFocus: true });
    }
  });

  return (
    <Form id={formId} layout="vertical" disabled={readOnly || save.isPending} onFinish={() => void submit()} aria-label={`${def.label} form`}>
      {def.form.map((row) => (
        <Row key={row.join('-')} gutter={16}>
          {row.map((field) => (
            <Col key={field} xs={24} sm={wide(def, field) ? 24 : 12}>
              <EntityFieldInput def={def} field={field} control={control} dateFormat={dateFormat} knownLabels={labels?.[field]} />
            </Col>
          ))}
        </Row>
      ))}
    </Form>
  );
}
