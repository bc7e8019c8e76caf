export type Clock = { now: () => Date };
export const systemClock: Clock = { now: () => new Date() };
export const iso = (clock: Clock): string => clock.now().toISOString();
