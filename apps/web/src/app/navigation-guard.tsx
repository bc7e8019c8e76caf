import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { NavigationType, UNSAFE_createBrowserHistory as createBrowserHistory, type To } from 'react-router';

/** Asked before the console moves to another page: true holds the move back. */
export type LeaveCheck = (next: { readonly pathname: string }) => boolean;

/** A move held back: made after all, or dropped. */
export type HeldMove = { readonly proceed: () => void; readonly reset: () => void };

type BrowserHistory = ReturnType<typeof createBrowserHistory>;

export type GuardedHistory = BrowserHistory & {
  /** Holds back moves that `check` refuses, telling `onHeld`; returns the release. */
  readonly hold: (check: LeaveCheck, onHeld: (move: HeldMove | null) => void) => () => void;
};

/**
 * The browser's history with a say over leaving a page, as react-router's blocker gives only to its
 * data router, whose extra code would double the router's share of every page's first download.
 * Links and `navigate` are held before they move; the back and forward buttons have already moved
 * when the browser tells, so the move is undone and made again if the user proceeds.
 */
export const createGuardedHistory = (): GuardedHistory => {
  const history = createBrowserHistory({ v5Compat: true });
  let holder: { readonly check: LeaveCheck; readonly onHeld: (move: HeldMove | null) => void } | null = null;
  // Moves of our own through the browser's history: undoing a held one, or making it after all.
  let undoing = 0;
  let letThrough = 0;

  const pathnameOf = (to: To): string =>
    typeof to === 'string' ? new URL(to, window.location.href).pathname : (to.pathname ?? history.location.pathname);

  const heldBy = (pathname: string) => (holder !== null && holder.check({ pathname }) ? holder : null);

  const attempt = (to: To, move: () => void) => {
    const by = heldBy(pathnameOf(to));
    if (!by) return move();
    by.onHeld({
      proceed: () => {
        by.onHeld(null);
        move();
      },
      reset: () => by.onHeld(null),
    });
  };

  return {
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push: (to, state) => attempt(to, () => history.push(to, state)),
    replace: (to, state) => attempt(to, () => history.replace(to, state)),
    listen: (listener) =>
      history.listen((update) => {
        if (update.action === NavigationType.Pop && undoing > 0) {
          undoing -= 1;
          return;
        }
        if (update.action === NavigationType.Pop && letThrough > 0) letThrough -= 1;
        else if (update.action === NavigationType.Pop && update.delta) {
          const by = heldBy(update.location.pathname);
          if (by) {
            const { delta } = update;
            undoing += 1;
            history.go(-delta);
            by.onHeld({
              proceed: () => {
                by.onHeld(null);
                letThrough += 1;
                history.go(delta);
              },
              reset: () => by.onHeld(null),
            });
            return;
          }
        }
        listener(update);
      }),
    hold: (check, onHeld) => {
      const mine = { check, onHeld };
      holder = mine;
      return () => {
        if (holder === mine) holder = null;
      };
    },
  };
};

const GuardContext = createContext<GuardedHistory | null>(null);

export const NavigationGuardProvider = ({ history, children }: { history: GuardedHistory; children: ReactNode }) => (
  <GuardContext.Provider value={history}>{children}</GuardContext.Provider>
);

/** The move `check` held back, while it waits for the user; none outside the console's own history. */
export const useLeaveGuard = (check: LeaveCheck): HeldMove | null => {
  const history = useContext(GuardContext);
  const [held, setHeld] = useState<HeldMove | null>(null);
  useEffect(() => history?.hold(check, setHeld), [history, check]);
  return held;
};
