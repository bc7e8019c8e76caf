import { Alert, Text } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';

/**
 * The author's feedback on a result or a conclusion, once the mode shows it: in the verdict's
 * colour when the answer key's verdict is known (`right`), otherwise in a neutral one, so that its
 * colour never says "right" of a wrong choice.
 */
export const FeedbackNote = ({ feedback, right = null }: { feedback: string; right?: boolean | null }) => (
  <Alert variant="light" color={right === null ? 'blue' : right ? 'teal' : 'red'} icon={<IconMessageCircle size={18} />} title="Feedback">
    <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
      {feedback}
    </Text>
  </Alert>
);
