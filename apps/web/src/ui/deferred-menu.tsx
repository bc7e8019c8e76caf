import { Suspense, useEffect, useRef, useState, type ComponentType, type ReactElement, type RefObject } from 'react';

/** What a deferred menu is given once its code is in. */
export type DeferredMenuProps = {
  /** the button that opens it, to render as its target */
  readonly trigger: ReactElement;
  /** pressed while the code was downloading: open at once */
  readonly initiallyOpened: boolean;
};

type Wakened = { readonly opened: boolean; readonly focused: boolean };

/**
 * A menu whose code (Mantine's Menu and the positioning library under it) downloads when its
 * button is first pointed at, focused or pressed: until then the button alone is shown, so pages
 * with menus do not need that code to show. The menu takes the button's place, focused if it was.
 */
export const DeferredMenu = <P extends object>({
  trigger,
  menu: Menu,
  props,
}: {
  trigger: ReactElement;
  menu: ComponentType<P & DeferredMenuProps>;
  props: P;
}) => {
  const box = useRef<HTMLSpanElement>(null);
  const [woken, setWoken] = useState<Wakened | null>(null);
  const wake = (press: boolean) =>
    setWoken((current) => ({
      opened: (current?.opened ?? false) || press,
      focused: current?.focused ?? box.current?.contains(document.activeElement) ?? false,
    }));
  return (
    <span
      ref={box}
      style={{ display: 'contents' }}
      onPointerOver={woken ? undefined : () => wake(false)}
      onFocus={woken ? undefined : () => wake(false)}
      onClickCapture={woken?.opened ? undefined : () => wake(true)}
    >
      {woken ? (
        <Suspense fallback={trigger}>
          <Loaded box={box} focus={woken.focused}>
            <Menu {...props} trigger={trigger} initiallyOpened={woken.opened} />
          </Loaded>
        </Suspense>
      ) : (
        trigger
      )}
    </span>
  );
};

/** Puts the focus back on the button when the menu replaced it under the keyboard. */
const Loaded = ({ box, focus, children }: { box: RefObject<HTMLSpanElement | null>; focus: boolean; children: ReactElement }) => {
  useEffect(() => {
    if (focus) box.current?.querySelector<HTMLElement>('button, a')?.focus();
  }, [box, focus]);
  return children;
};
