import {
  Switch as MantineSwitch,
  Textarea as MantineTextarea,
  TextInput as MantineTextInput,
  type TextareaProps,
  type TextInputProps,
} from '@mantine/core';
import { useState, type ChangeEvent, type ComponentType, type CSSProperties } from 'react';
import { memoField } from './memo-fields';
import { asTyping } from './typing';

/*
 * Mantine's fields, rendered again only when their own props change. A panel renders its whole
 * form on every change to the draft; these fields of the item's form stay as they are while the
 * author types in another one.
 */

type Local = { readonly typed: string; readonly seen: string; readonly pending: string | null };

/**
 * What a text field shows: what the author typed, at once, while the draft catches up. When the
 * draft moves to what the field sent, the field is already there; when it moves from elsewhere
 * (undo, redo, a reload, a merge), the field shows the draft.
 */
export const nextLocal = (local: Local, value: string): Local =>
  value === local.seen ? local : { typed: value === local.pending ? local.typed : value, seen: value, pending: null };

type TextProps<E extends HTMLInputElement | HTMLTextAreaElement> = {
  value?: string | number | readonly string[] | undefined;
  onChange?: ((event: ChangeEvent<E>) => void) | undefined;
};

/**
 * A text field of the draft that paints each keystroke before the editor renders it: the field
 * keeps what is typed and hands the change to the draft as typing, which the editor renders once
 * the browser has painted. The draft itself moves at once (see useResimEditor), so saving right
 * after typing sends every character.
 */
const typedLocally = <E extends HTMLInputElement | HTMLTextAreaElement, P extends TextProps<E>>(Field: ComponentType<P>) => {
  const TypedField = (props: P) => {
    const value = typeof props.value === 'string' ? props.value : '';
    const [local, setLocal] = useState<Local>({ typed: value, seen: value, pending: null });
    const next = nextLocal(local, value);
    if (next !== local) setLocal(next);
    return (
      <Field
        {...props}
        value={next.typed}
        onChange={(event: ChangeEvent<E>) => {
          const typed = event.currentTarget.value;
          setLocal((current) => ({ ...current, typed, pending: typed }));
          asTyping(() => props.onChange?.(event));
        }}
      />
    );
  };
  TypedField.displayName = `typedLocally(${Field.displayName ?? Field.name})`;
  return TypedField;
};

/** A height of so many lines of the textarea's text, with its padding and border. */
const linesHigh = (lines: number): string => `calc(${lines}lh + 2 * var(--input-padding-y, 0rem) + 2px)`;

/**
 * A textarea that grows with its text through CSS (`field-sizing: content`) rather than by
 * measuring itself after every render, which forced the browser to lay the page out again on
 * each keystroke and on opening. Browsers without it show `minRows` lines and a scroll bar.
 */
const ContentSizedTextarea = ({ autosize, minRows = 2, maxRows, styles, ...props }: TextareaProps) => {
  if (!autosize) return <MantineTextarea {...props} minRows={minRows} maxRows={maxRows} styles={styles} />;
  const sizing = {
    fieldSizing: 'content',
    minHeight: linesHigh(minRows),
    ...(maxRows === undefined ? {} : { maxHeight: linesHigh(maxRows) }),
  } as CSSProperties;
  return <MantineTextarea {...props} rows={minRows} styles={{ ...(typeof styles === 'object' ? styles : {}), input: sizing }} />;
};

export const TextInput = memoField(typedLocally<HTMLInputElement, TextInputProps>(MantineTextInput));
export const Textarea = memoField(typedLocally<HTMLTextAreaElement, TextareaProps>(ContentSizedTextarea));
export const Switch = memoField(MantineSwitch);
