import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Space } from '@resim/contracts';
import { IconCrown, IconTransfer } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { showSuccess } from '../../app/notify';
import { EmailForm } from './email-form';
import { HandOverModal } from './hand-over-modal';
import { useHandOver } from './space-settings-queries';

/** Who owns the space; its owner can hand it to someone else, after confirming. */
export const OwnerCard = ({ space }: { space: Space }) => {
  const handOver = useHandOver(space.id);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const close = () => {
    setConfirming(null);
    setError(null);
  };

  return (
    <Card padding="lg" radius="md" component="section" aria-labelledby="space-owner-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id="space-owner-title" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
            Owner
          </Title>
          <Text fz="sm" c="dimmed">
            The owner may always edit, and alone sets the security, hands the space over or deletes it.
          </Text>
        </Stack>
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color="yellow" radius="xl" aria-hidden>
            <IconCrown size={16} />
          </ThemeIcon>
          <Text fz="sm" data-testid="space-owner">
            {space.isOwner ? (
              <>
                You own this space (<strong>{space.owner}</strong>).
              </>
            ) : (
              <>
                <strong>{space.owner}</strong> owns this space.
              </>
            )}
          </Text>
        </Group>
        {space.isOwner ? (
          <EmailForm
            label="Hand over to"
            description="The email of the new owner; someone without an account is invited to create one."
            submitLabel="Hand over…"
            icon={<IconTransfer size={16} />}
            pending={false}
            // Until the handover is confirmed and done, the email stays for another try.
            keepValue
            onSubmit={(email) => {
              setConfirming(email);
              return Promise.resolve();
            }}
          />
        ) : (
          <Text fz="sm" c="dimmed">
            Only the owner can hand this space over to someone else.
          </Text>
        )}
      </Stack>
      <HandOverModal
        email={confirming}
        spaceName={space.description}
        pending={handOver.isPending}
        error={error}
        onConfirm={() => {
          if (!confirming) return;
          setError(null);
          handOver.mutate(confirming, {
            onSuccess: (updated) => {
              showSuccess(`${updated.owner} now owns ${updated.description}`);
              close();
              // The form that opened the dialog is gone with the owner's rights: the keyboard resumes at the new owner.
              heading.current?.focus();
            },
            onError: (failure) => setError(failure.message),
          });
        }}
        onClose={close}
      />
    </Card>
  );
};
