import { Alert, Code, JsonInput, Stack, Text } from '@mantine/core';
import { compileEmailTemplate } from '@resim/domain/email';
import { IconEyeOff } from '@tabler/icons-react';
import { useMemo } from 'react';
import { EmailFrame } from './email-frame';
import { parseData, partsOf, type TemplateDraft } from './template-draft';

const Label = ({ children }: { children: string }) => (
  <Text fz="xs" tt="uppercase" fw={600} c="dimmed" lts={0.4}>
    {children}
  </Text>
);

/**
 * The email as it will be sent, rendered in the browser by the same code as on the server, from
 * sample data the user can change; it follows the draft as the user types.
 */
export const TemplatePreview = (props: {
  draft: TemplateDraft;
  compiles: boolean;
  dataJson: string;
  onDataJsonChange: (json: string) => void;
}) => {
  const parsed = useMemo(() => parseData(props.dataJson), [props.dataJson]);
  const data = 'data' in parsed ? parsed.data : null;
  const rendered = useMemo(() => {
    if (!props.compiles || data === null) return null;
    try {
      return { email: compileEmailTemplate(partsOf(props.draft))(data) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }, [props.draft, props.compiles, data]);

  return (
    <Stack gap="md" data-testid="template-preview">
      {rendered === null || 'error' in rendered ? (
        <Alert color="gray" variant="light" icon={<IconEyeOff size={18} />} title="No preview">
          {rendered?.error ??
            (data === null ? 'Correct the sample data to see the preview.' : 'The preview shows once the template compiles.')}
        </Alert>
      ) : (
        <>
          <Stack gap={4}>
            <Label>Subject</Label>
            <Text fw={600} data-testid="preview-subject">
              {rendered.email.subject || '(no subject)'}
            </Text>
          </Stack>
          <Stack gap={4}>
            <Label>HTML</Label>
            <EmailFrame html={rendered.email.html} title="Preview of the HTML part" />
          </Stack>
          <Stack gap={4}>
            <Label>Text part</Label>
            <Code block mah={200} style={{ overflow: 'auto', whiteSpace: 'pre-wrap' }} data-testid="preview-text">
              {rendered.email.text}
            </Code>
          </Stack>
        </>
      )}
      <JsonInput
        label="Sample data"
        description="The values the preview and a test send use; change them to try the template out."
        value={props.dataJson}
        onChange={props.onDataJsonChange}
        error={'error' in parsed ? parsed.error : null}
        autosize
        minRows={4}
        maxRows={14}
        formatOnBlur
      />
    </Stack>
  );
};
