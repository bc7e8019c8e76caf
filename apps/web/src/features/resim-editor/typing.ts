let typing = false;

/**
 * Runs a change made by typing in a field. The draft moves at once; the editor renders it when the
 * author pauses (see useResimEditor), so a keystroke paints in the next frame however large the
 * scenario. Handlers therefore build any list or map they write from the draft inside their
 * change, never from what was last rendered, which may not show the latest typing yet.
 */
export const asTyping = (change: () => void): void => {
  typing = true;
  try {
    change();
  } finally {
    typing = false;
  }
};

/** Whether the change under way comes from typing. */
export const isTyping = (): boolean => typing;
