import { memo, useLayoutEffect, useRef, useState, type ComponentType, type JSX } from 'react';

type Props = Readonly<Record<string, unknown>>;

/** How to compare one prop, when identity is too strict (a list rebuilt on every render). */
export type PropEquality<P> = { readonly [K in keyof P]?: (a: P[K], b: P[K]) => boolean };

/**
 * Whether a memoised field may skip a render: every prop the same (by identity, or by the
 * comparison given for it), functions aside, since they are called through the latest props.
 */
export const sameFieldProps = <P extends Props>(before: P, after: P, equality: PropEquality<P> = {}): boolean => {
  const keys = Object.keys(after);
  if (keys.length !== Object.keys(before).length) return false;
  return keys.every((key: keyof P & string) => {
    if (!Object.hasOwn(before, key)) return false;
    const a = before[key];
    const b = after[key];
    if (Object.is(a, b)) return true;
    if (typeof a === 'function' && typeof b === 'function') return true;
    const equal = equality[key];
    return equal ? equal(a, b) : false;
  });
};

/**
 * A part of the editor's form that renders again only when what it shows changes. Panels rebuild
 * their handlers (and some lists) on every render, so a keystroke in one field would render every
 * other field of the form; handlers are passed as stable functions that call the latest ones
 * given. Only for props called from events, never during render.
 */
export const memoField = <P extends object>(Component: ComponentType<P>, equality: PropEquality<P> = {}): ComponentType<P> => {
  const Inner = memo(Component, (before, after) => sameFieldProps(before as Props, after as Props, equality as PropEquality<Props>));
  const Field = (props: P) => {
    const latest = useRef(props);
    useLayoutEffect(() => {
      latest.current = props;
    });
    // One stable stand-in per handler prop, made the first time the prop is seen.
    const [handlers] = useState(() => new Map<string, (...args: unknown[]) => unknown>());
    const passed: Record<string, unknown> = { ...(props as Props) };
    for (const [key, value] of Object.entries(props)) {
      if (typeof value !== 'function') continue;
      let handler = handlers.get(key);
      if (!handler) {
        handler = (...args: unknown[]) => (latest.current as Record<string, (...a: unknown[]) => unknown>)[key]?.(...args);
        handlers.set(key, handler);
      }
      passed[key] = handler;
    }
    return <Inner {...(passed as P & JSX.IntrinsicAttributes)} />;
  };
  Field.displayName = `memoField(${Component.displayName ?? Component.name})`;
  return Field;
};
