import type { SnapshotDelta } from '@resim/domain';

/** What a push to many sockets has written already, by the value written: one per push, let go after it. */
export type WrittenValues = Map<object, string>;

/**
 * A delta as JSON, the same text as JSON.stringify gives. With `written`, the values it sets whole
 * are written once for every socket of one push that is sent the same value (the run every
 * learner of a lobby starts with): at a Start of thousands, writing that view again for each was
 * most of the push.
 */
export const deltaJson = (delta: SnapshotDelta, written?: WrittenValues): string => {
  if (!written || !delta.set) return JSON.stringify(delta);
  const fields: string[] = [];
  for (const key in delta.set) {
    const value = delta.set[key];
    if (value === undefined) continue;
    const shareable = typeof value === 'object' && value !== null;
    let text = shareable ? written.get(value) : undefined;
    if (text === undefined) {
      text = JSON.stringify(value);
      if (shareable) written.set(value, text);
    }
    fields.push(`${JSON.stringify(key)}:${text}`);
  }
  const { set: _set, ...rest } = delta;
  const others = JSON.stringify(rest);
  return `{"set":{${fields.join(',')}}${others === '{}' ? '}' : `,${others.slice(1)}`}`;
};
