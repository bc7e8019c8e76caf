import { Switch as MantineSwitch, Textarea as MantineTextarea } from '@mantine/core';
import { memoField } from './memo-fields';

/*
 * Mantine's fields, rendered again only when their own props change. A panel renders its whole
 * form on every change to the draft; these fields of the item's form stay as they are while the
 * author types in another one. (An autosized Textarea measures itself after each render, which
 * makes the browser lay the page out again.)
 */

export const Textarea = memoField(MantineTextarea);
export const Switch = memoField(MantineSwitch);
