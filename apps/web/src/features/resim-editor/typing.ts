let typing = false;

/**
 * Runs a change made by typing in a field. The draft moves at once; the editor renders it after
 * the frame that shows the keystroke (see useResimEditor), so a keystroke paints in the next frame
 * however large the scenario.
 */
export const asTyping = (change: () => void): void => {
  typing = true;
  try {
    change();
  } finally {
    typing = false;
  }
};

/** Whether the change being made now comes from typing. */
export const isTyping = (): boolean => typing;
