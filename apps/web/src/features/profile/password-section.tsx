import { Alert, Button, Card, Group, PasswordInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { changePasswordBody, minPasswordLength, type ChangePassword } from '@resim/contracts';
import { IconAlertCircle, IconCircleCheck, IconLock } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/api-error';
import { queryKeys } from '../../api/query-keys';

type Field = 'currentPassword' | 'newPassword' | 'confirm';
type Problems = Partial<Record<Field, string>>;

const empty = { currentPassword: '', newPassword: '', confirm: '' };

/** The problems the form names before asking the server: the API's own rule, and the confirmation. */
const checkForm = (form: typeof empty): Problems => {
  const problems: Problems = {};
  const checked = changePasswordBody.safeParse({ currentPassword: form.currentPassword, newPassword: form.newPassword });
  for (const issue of checked.error?.issues ?? []) problems[issue.path[0] as Field] ??= issue.message;
  if (!problems.newPassword && form.confirm !== form.newPassword) problems.confirm = 'The two new passwords are not the same';
  return problems;
};

const ChangePasswordForm = () => {
  const api = useApi();
  const [form, setForm] = useState(empty);
  const [problems, setProblems] = useState<Problems>({});
  const [done, setDone] = useState(false);
  const change = useMutation({
    mutationFn: (body: ChangePassword) => api.user.changePassword(body),
    onSuccess: () => {
      setForm(empty);
      setDone(true);
    },
    onError: (error) => {
      // A wrong current password belongs beside that field; anything else above the form.
      if (isApiError(error) && error.status === 403) setProblems({ currentPassword: error.message });
    },
  });
  const refusal = change.error && !(isApiError(change.error) && change.error.status === 403) ? change.error.message : null;

  const edit = (field: Field) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setForm((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
    setDone(false);
    change.reset();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkForm(form);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    change.mutate({ currentPassword: form.currentPassword, newPassword: form.newPassword });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack gap="md" maw={420}>
        {done ? (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} title="Password changed" role="status">
            Use your new password the next time you sign in.
          </Alert>
        ) : null}
        {refusal ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Password not changed" role="alert">
            {refusal}
          </Alert>
        ) : null}
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          value={form.currentPassword}
          onChange={edit('currentPassword')}
          error={problems.currentPassword}
          required
        />
        <PasswordInput
          label="New password"
          description={`At least ${minPasswordLength} characters`}
          autoComplete="new-password"
          value={form.newPassword}
          onChange={edit('newPassword')}
          error={problems.newPassword}
          required
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          value={form.confirm}
          onChange={edit('confirm')}
          error={problems.confirm}
          required
        />
        <Group>
          <Button type="submit" loading={change.isPending} leftSection={<IconLock size={16} />}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** Changing the password, for accounts of the embedded issuer; another issuer keeps its users' passwords itself. */
export const PasswordSection = () => {
  const api = useApi();
  const config = useQuery({ queryKey: queryKeys.webConfig, queryFn: ({ signal }) => api.config(signal), staleTime: Infinity });
  return (
    <Card padding="lg" radius="md">
      <Stack gap={4} mb="md" maw={560}>
        <Title order={2} fz="lg">
          Change password
        </Title>
        <Text fz="sm" c="dimmed">
          {config.data?.embeddedIssuer === false
            ? 'Your password is kept by the identity provider you sign in with; change it there.'
            : 'The password you sign in with. You need your current one to choose another.'}
        </Text>
      </Stack>
      {config.isPending ? (
        <Stack gap="md" maw={420}>
          <Skeleton height={58} />
          <Skeleton height={58} />
        </Stack>
      ) : config.data?.embeddedIssuer === false ? null : (
        <ChangePasswordForm />
      )}
    </Card>
  );
};
