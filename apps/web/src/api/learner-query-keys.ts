/** The player's keys (what a join code leads to, a signed-in learner's scenarios, a run's score), apart from the console's. */
export const learnerQueryKeys = {
  joinInfo: (code: string) => ['learn', 'join', code] as const,
  learnerScenarios: ['learn', 'mine'] as const,
  gameScore: (gameId: string) => ['learn', 'score', gameId] as const,
};
