import { Alert, Text } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';

/** The author's feedback on a result or a conclusion, once the mode shows it. */
export const FeedbackNote = ({ feedback }: { feedback: string }) => (
  <Alert variant="light" color="teal" icon={<IconMessageCircle size={18} />} title="Feedback">
    <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
      {feedback}
    </Text>
  </Alert>
);
