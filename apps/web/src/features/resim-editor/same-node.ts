import { isValidElement, type ReactNode } from 'react';

const sameProps = (a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean => {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) => Object.hasOwn(b, key) && (key === 'children' ? sameNode(a[key] as ReactNode, b[key] as ReactNode) : Object.is(a[key], b[key])),
  );
};

/**
 * Whether two React nodes render the same: equal primitives, or elements of the same type and key
 * whose props are identical (children compared the same way). Lists such as the editor's rebuild
 * their badges on every render; this tells a row that its badges did not change.
 */
export const sameNode = (a: ReactNode, b: ReactNode): boolean => {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((node: ReactNode, index) => sameNode(node, b[index] as ReactNode));
  }
  if (!isValidElement(a) || !isValidElement(b)) return false;
  return a.type === b.type && a.key === b.key && sameProps(a.props as Record<string, unknown>, b.props as Record<string, unknown>);
};
