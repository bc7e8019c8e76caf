import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { capitalise } from './format';

/**
 * A form of one text field checked by the same contract schema the server validates with;
 * Enter submits, and a refusal from the server shows under the field.
 */
export const SingleFieldForm = <Field extends string>(props: {
  schema: z.ZodType<Record<Field, string>>;
  field: Field;
  label: string;
  description: string;
  placeholder: string;
  maxLength: number;
  initial?: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (value: string) => Promise<unknown>;
  onCancel: () => void;
}) => {
  const [value, setValue] = useState(props.initial ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = props.schema.safeParse({ [props.field]: value });
    if (!parsed.success) {
      setError(capitalise(parsed.error.issues[0]?.message ?? `Enter a ${props.label.toLowerCase()}`));
      return;
    }
    props
      .onSubmit(parsed.data[props.field])
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <TextInput
          label={props.label}
          description={props.description}
          placeholder={props.placeholder}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={props.maxLength}
          data-autofocus
          required
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={props.pending}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
