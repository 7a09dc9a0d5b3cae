import { RollbackOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Descriptions, Flex, Form, Input, Row, Spin, Switch, Tag, Tooltip, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';
import { defaultMessageTemplates, hasOperation, messagePlaceholders, messageSettingInputSchema, type MessageEvent, type MessageSettingInput, type MessageSettingView } from '@erp/contracts';
import { refusalText } from '../components/TaskDecision';
import { PageHeading, useDisplay, useNotify, useSignedInUser } from '../shell-adapter';
import { useMessageSettings, useSaveMessageSetting } from '../workflow-api';
import { fillTemplate, insertAt, placeholderHelp, unknownPlaceholders } from '../message-template';
import '../workflow-screens.css';

const eventText: Record<MessageEvent, { title: string; when: string }> = {
  TaskAssigned: { title: 'Task assigned', when: 'A step gives an approver a task' },
  Approved: { title: 'Approved', when: 'The document is approved (to the submitter)' },
  Rejected: { title: 'Rejected', when: 'An approver rejects the document (to the submitter)' },
  Escalated: { title: 'Escalated', when: 'An overdue task is escalated (to the new approver)' },
};

type Draft = { subject: string; body: string; mail: boolean; inApp: boolean };

function problemsOf(draft: Draft): Record<string, string> {
  const parsed = messageSettingInputSchema.safeParse(draft satisfies MessageSettingInput);
  const problems: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) problems[String(issue.path[0] ?? '')] ??= issue.message;
  return problems;
}

function EventCard({ setting, canEdit }: { setting: MessageSettingView; canEdit: boolean }) {
  const display = useDisplay();
  const notify = useNotify();
  const save = useSaveMessageSetting();
  const body = useRef<TextAreaRef>(null);
  const [draft, setDraft] = useState<Draft>({ subject: setting.subject, body: setting.body, mail: setting.mail, inApp: setting.inApp });
  const [checked, setChecked] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>();
  const problems = checked ? problemsOf(draft) : {};
  const unknown = unknownPlaceholders(`${draft.subject} ${draft.body}`);
  const text = eventText[setting.event];
  const dirty = draft.subject !== setting.subject || draft.body !== setting.body || draft.mail !== setting.mail || draft.inApp !== setting.inApp;
  const insert = (token: string) => {
    const area = body.current?.resizableTextArea?.textArea;
    const next = insertAt(draft.body, token, area ? area.selectionStart : null);
    setDraft((d) => ({ ...d, body: next.text }));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(next.caret, next.caret);
    });
  };
  const submit = async () => {
    setChecked(true);
    setRefusal(undefined);
    const parsed = messageSettingInputSchema.safeParse(draft);
    if (!parsed.success) return;
    try {
      await save.mutateAsync({ event: setting.event, input: parsed.data });
      notify.success(`The ${text.title.toLowerCase()} message is saved`);
    } catch (error) {
      setRefusal(refusalText(error));
    }
  };
  const field = (name: string) => (problems[name] ? { validateStatus: 'error' as const, help: problems[name] } : {});
  const id = `msg-${setting.event}`;
  return (
    <Card
      size="small"
      role="region"
      aria-label={text.title}
      title={<Flex gap={8} align="center" wrap>{text.title}{setting.isDefault ? <Tag>Built-in default</Tag> : <Tag color="blue">Saved {display.dateTime(setting.updatedAt)}</Tag>}{dirty && <Tag color="orange">Unsaved</Tag>}</Flex>}
      extra={canEdit && (
        <Flex gap={8}>
          <Tooltip title="Put the built-in template back in the fields (save to keep it)">
            <Button size="small" icon={<RollbackOutlined aria-hidden />} onClick={() => setDraft((d) => ({ ...d, ...defaultMessageTemplates[setting.event] }))}>Default</Button>
          </Tooltip>
          <Button size="small" type="primary" icon={<SaveOutlined aria-hidden />} loading={save.isPending} onClick={() => void submit()}>Save</Button>
        </Flex>
      )}
      style={{ marginBottom: 16 }}
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>{text.when}.</Typography.Paragraph>
      {refusal && <Alert type="error" showIcon title={refusal} role="alert" style={{ marginBottom: 12 }} />}
      <Form layout="vertical" component="div" disabled={!canEdit}>
        <Row gutter={16}>
          <Col xs={24} lg={14}>
            <Flex gap={24} wrap>
              <Form.Item label="Send by mail" htmlFor={`${id}-mail`}><Switch id={`${id}-mail`} checked={draft.mail} onChange={(mail) => setDraft((d) => ({ ...d, mail }))} /></Form.Item>
              <Form.Item label="Show in the app" htmlFor={`${id}-inapp`}><Switch id={`${id}-inapp`} checked={draft.inApp} onChange={(inApp) => setDraft((d) => ({ ...d, inApp }))} /></Form.Item>
            </Flex>
            <Form.Item label="Subject" htmlFor={`${id}-subject`} required {...field('subject')}>
              <Input id={`${id}-subject`} maxLength={200} value={draft.subject} onChange={(e) => setDraft((d) => ({ ...d, subject: e.target.value }))} />
            </Form.Item>
            <Form.Item label="Body" htmlFor={`${id}-body`} required {...field('body')}>
              <Input.TextArea id={`${id}-body`} ref={body} rows={4} maxLength={4000} value={draft.body} onChange={(e) => setDraft((d) => ({ ...d, body: e.target.value }))} />
            </Form.Item>
            <Flex gap={4} wrap aria-label="Insert a placeholder" role="group">
              {messagePlaceholders.map((token) => (
                <Tooltip key={token} title={placeholderHelp[token]}>
                  <Button size="small" onClick={() => insert(token)}>{token}</Button>
                </Tooltip>
              ))}
            </Flex>
            {unknown.length > 0 && <Alert style={{ marginTop: 8 }} type="warning" showIcon title={`Not a placeholder, sent as written: ${unknown.join(', ')}`} />}
          </Col>
          <Col xs={24} lg={10}>
            <Typography.Text strong>Preview</Typography.Text>
            <div className="wf-preview" aria-label={`Preview of ${text.title}`}>
              <Typography.Text strong>{fillTemplate(draft.subject)}</Typography.Text>
              <Typography.Paragraph style={{ margin: '6px 0 0', whiteSpace: 'pre-wrap' }}>{fillTemplate(draft.body)}</Typography.Paragraph>
            </div>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}

/** /message-setting: the mail and in-app templates of the four approval events, with placeholder help and a preview. */
export default function MessageSettingPage() {
  const canEdit = hasOperation(useSignedInUser().parentRole.permissions, 'EditMessageConfig');
  const settings = useMessageSettings();
  return (
    <>
      <PageHeading title="Message settings" subtitle="What approvers and submitters receive by mail and in the app" />
      <Card size="small" title="Placeholders" style={{ marginBottom: 16 }}>
        <Descriptions size="small" column={{ xs: 1, md: 2 }} items={messagePlaceholders.map((token) => ({ key: token, label: <code>{token}</code>, children: placeholderHelp[token] }))} />
      </Card>
      {settings.error && <Alert type="error" showIcon title={settings.error.message} />}
      {!settings.data && !settings.error && <Spin style={{ display: 'block', margin: '48px auto' }} />}
      {settings.data?.map((setting) => <EventCard key={`${setting.event}-${setting.updatedAt ?? 'default'}`} setting={setting} canEdit={canEdit} />)}
    </>
  );
}
