import { Button, Group, TextInput } from '@mantine/core';
import { addSpaceUserBody } from '@resim/contracts';
import { useState, type FormEvent, type ReactNode } from 'react';

/**
 * One email and a button, checked by the contract the server validates with; the server's refusal
 * shows under the field. The field empties once the submission is taken, unless told to keep it.
 */
export const EmailForm = (props: {
  label: string;
  description: ReactNode;
  submitLabel: string;
  icon: ReactNode;
  pending: boolean;
  keepValue?: boolean;
  onSubmit: (email: string) => Promise<unknown>;
}) => {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = addSpaceUserBody.safeParse({ email: value.trim() });
    if (!parsed.success) {
      setError(value.trim() === '' ? 'Enter an email address' : 'Enter a valid email address, such as name@example.com');
      return;
    }
    props.onSubmit(parsed.data.email).then(
      () => {
        if (!props.keepValue) setValue('');
      },
      (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)),
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          type="email"
          label={props.label}
          description={props.description}
          placeholder="name@example.com"
          autoComplete="off"
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={254}
          style={{ flex: '1 1 280px' }}
        />
        <Button type="submit" loading={props.pending} leftSection={props.icon} mt={{ base: 0, xs: 44 }}>
          {props.submitLabel}
        </Button>
      </Group>
    </form>
  );
};
