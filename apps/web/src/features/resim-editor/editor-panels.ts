import { lazy, type ComponentType } from 'react';
import type { PanelProps } from './editor-types';

type PanelLoader = () => Promise<ComponentType<PanelProps>>;

const preloaded: PanelLoader[] = [];

/**
 * A tab's panel downloaded apart from the editor, so that the editor's first view (its title and
 * Details & settings) needs only its own code; `preloadPanels` fetches the rest once it is shown.
 */
const lazyPanel = (load: PanelLoader, options: { preload: boolean } = { preload: true }) => {
  if (options.preload) preloaded.push(load);
  return lazy(() => load().then((Panel) => ({ default: Panel })));
};

/** Starts downloading every panel (but the flow chart's) in the background; a failure shows when the tab opens. */
export const preloadPanels = (): void => {
  for (const load of preloaded) load().catch(() => undefined);
};

export const OverviewPanel = lazyPanel(() => import('./overview-panel').then((module) => module.OverviewPanel));
export const AccessPanel = lazyPanel(() => import('./access-panel').then((module) => module.AccessPanel));
export const WordingPanel = lazyPanel(() => import('./wording-panel').then((module) => module.WordingPanel));
export const StagesPanel = lazyPanel(() => import('./stages-panel').then((module) => module.StagesPanel));
export const ActionsPanel = lazyPanel(() => import('./actions-panel').then((module) => module.ActionsPanel));
export const ConclusionsPanel = lazyPanel(() => import('./conclusions-panel').then((module) => module.ConclusionsPanel));
export const MeasuresPanel = lazyPanel(() => import('./measures-panel').then((module) => module.MeasuresPanel));
export const InfosPanel = lazyPanel(() => import('./infos-panel').then((module) => module.InfosPanel));
export const BaselinePanel = lazyPanel(() => import('./baseline-panel').then((module) => module.BaselinePanel));
export const PagesPanel = lazyPanel(() => import('./pages-panel').then((module) => module.PagesPanel));
export const HintPanel = lazyPanel(() => import('./hint-panel').then((module) => module.HintPanel));
export const CheckerPanel = lazyPanel(() => import('./checker-panel').then((module) => module.CheckerPanel));
export const AnswersPanel = lazyPanel(() => import('./answers-panel').then((module) => module.AnswersPanel));
export const HistoryPanel = lazyPanel(() => import('./history-panel').then((module) => module.HistoryPanel));
export const DashboardPanel = lazyPanel(() => import('./results/dashboard-panel').then((module) => module.DashboardPanel));
export const ScoreboardPanel = lazyPanel(() => import('./results/scoreboard-panel').then((module) => module.ScoreboardPanel));
export const ItemAnalysisPanel = lazyPanel(() => import('./results/item-analysis-panel').then((module) => module.ItemAnalysisPanel));
export const AuditPanel = lazyPanel(() => import('./results/audit-panel').then((module) => module.AuditPanel));
// React Flow is large and seldom opened: the learners' flow is only fetched when it is.
export const LearnerFlowPanel = lazyPanel(() => import('./results/learner-flow-panel').then((module) => module.LearnerFlowPanel), {
  preload: false,
});
// React Flow is large and seldom opened: it is only fetched when the flow chart is.
export const FlowPanel = lazyPanel(() => import('./flow-panel').then((module) => module.FlowPanel), { preload: false });
