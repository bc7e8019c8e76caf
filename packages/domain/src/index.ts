export * from './constants';
export * from './faces';
export * from './spaces/space-security';
export * from './identity/groups';
export * from './learners/nickname';
export * from './home/scenario-list';
export * from './scenario/vocabulary';
export * from './scenario/schema';
export * from './scenario/readonly-content';
export * from './scenario/ids';
export * from './scenario/id-problems';
export * from './scenario/references';
export * from './scenario/text-set';
export * from './scenario/stage-deletion';
export * from './scenario/measure-deletion';
export * from './scenario/stages';
export * from './scenario/new-items';
export * from './scenario/impact-suggestions';
export * from './scenario/export';
export * from './scenario/flow-graph';
export * from './scenario/user-restriction';
export * from './scenario/run-status';
export * from './scenario/stage-template';
export * from './scenario/schedule';
export * from './scenario/media';
export * from './scenario/media-files';
export * from './scenario/scenario-problems';
export * from './scenario/content-patch';
export * from './scenario/version-diff';
export * from './scenario/export-history';
export * from './engine/types';
export { requirementHolds } from './engine/requirements';
export { canEndByTime, measureValues, settleRun } from './engine/measures';
export { applyEvent, replayRun, startRun } from './engine/run';
export { allowanceLabel, allowanceSummary, allowedMeasure, isStandardAllowance, startingAllowance } from './engine/time-allowance';
export { runView } from './engine/view';
export {
  formatChange,
  formatDuration,
  formatImpacts,
  formatLimits,
  formatMeasureFigure,
  formatMeasureValue,
  isCostMeasure,
  isTimeMeasure,
  measureUnitName,
  type MeasureUnits,
} from './engine/measure-format';
export { noteSuccession } from './engine/succession';
export { flowStepOf, runCounts, stepCounts, sumFlowCounts, type FlowCount, type FlowStep } from './engine/flow-steps';
export { startingStages } from './engine/stage-opening';
export { platformResult, pointsCeiling, type PlatformResult } from './engine/platform-result';
export {
  rankAmong,
  rankRuns,
  rankScores,
  runDiagnosis,
  runScore,
  scoreCriteria,
  scoreValue,
  type ScoreCriterion,
  type ScoreField,
} from './engine/score';
export {
  describeThreshold,
  mostPointsOf,
  passMarking,
  runVerdict,
  type JudgedRun,
  type MostPoints,
  type PassMarking,
  type RunVerdict,
} from './engine/pass-mark';
export {
  applySnapshotDelta,
  DeltaMismatch,
  snapshotChange,
  snapshotDelta,
  type ListSplice,
  type SnapshotDelta,
} from './engine/snapshot-delta';
export * from './assessment';
export { checkScenario, checkingScenario, scenarioErrors } from './checker/check-scenario';
export { finished, type WorkSteps } from './checker/work-steps';
export type {
  CheckedPart,
  CheckFigures,
  CheckIssue,
  CheckStep,
  CheckTarget,
  KeyPath,
  MeasureChange,
  PointsExtreme,
  ScenarioCheck,
} from './checker/types';
