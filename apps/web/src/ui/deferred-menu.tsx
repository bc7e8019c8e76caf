import { Suspense, useEffect, useRef, useState, type ComponentType, type ReactElement, type RefObject } from 'react';

/**
 * The props a deferred menu gives Mantine's Menu: opened once its button has been pressed, even
 * when the press came while the menu's code was arriving and so never reached the menu.
 */
export const useDeferredMenuState = (pressed: boolean) => {
  const [opened, setOpened] = useState(pressed);
  // The press that woke the menu may still end in a click on the menu's own button, which would
  // shut it again at once: a close asked for during that click is ignored. Any later press or key
  // (choosing an item, pressing Escape) is the user's own and closes it as usual.
  const pressing = useRef(pressed);
  useEffect(() => {
    if (pressed) setOpened(true);
  }, [pressed]);
  useEffect(() => {
    if (!pressing.current) return;
    const release = () => (pressing.current = false);
    const releaseAfterClick = () => setTimeout(release, 0);
    const options = { capture: true, once: true };
    window.addEventListener('click', releaseAfterClick, options);
    window.addEventListener('pointerdown', release, options);
    window.addEventListener('keydown', release, options);
    const timer = setTimeout(release, 500);
    return () => {
      window.removeEventListener('click', releaseAfterClick, options);
      window.removeEventListener('pointerdown', release, options);
      window.removeEventListener('keydown', release, options);
      clearTimeout(timer);
    };
  }, []);
  const onChange = (next: boolean) => {
    if (!next && pressing.current) return;
    setOpened(next);
  };
  return { opened, onChange };
};

/** What a deferred menu is given once its code is in. */
export type DeferredMenuProps = {
  /** the button that opens it, to render as its target */
  readonly trigger: ReactElement;
  /** the button has been pressed: open, if the press did not reach the menu itself */
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
  const loaded = useRef(false);
  const [woken, setWoken] = useState<Wakened | null>(null);
  const wake = (press: boolean) =>
    setWoken((current) => ({
      opened: (current?.opened ?? false) || press,
      focused: current?.focused ?? box.current?.contains(document.activeElement) ?? false,
    }));
  // Until the menu is in, a press is kept for it: the button may be replaced between the press and
  // its release, so that the browser sends no click at all.
  const press = () => {
    if (!loaded.current) wake(true);
  };
  return (
    <span
      ref={box}
      style={{ display: 'contents' }}
      onPointerOver={woken ? undefined : () => wake(false)}
      onFocus={woken ? undefined : () => wake(false)}
      onPointerDownCapture={press}
      onClickCapture={press}
    >
      {woken ? (
        <Suspense fallback={trigger}>
          <Loaded box={box} focus={woken.focused} loaded={loaded}>
            <Menu {...props} trigger={trigger} initiallyOpened={woken.opened} />
          </Loaded>
        </Suspense>
      ) : (
        trigger
      )}
    </span>
  );
};

/** Marks the menu in, and puts the focus back on the button when the menu replaced it under the keyboard. */
const Loaded = ({
  box,
  focus,
  loaded,
  children,
}: {
  box: RefObject<HTMLSpanElement | null>;
  focus: boolean;
  loaded: RefObject<boolean>;
  children: ReactElement;
}) => {
  useEffect(() => {
    loaded.current = true;
    if (focus) box.current?.querySelector<HTMLElement>('button, a')?.focus();
  }, [box, focus, loaded]);
  return children;
};
