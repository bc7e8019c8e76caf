/** Where a finding points in the editor: an item of one of the scenario's lists, or its details. */
export type CheckedPart = 'actions' | 'conclusions' | 'stages' | 'measures' | 'infos' | 'baseline' | 'pages' | 'details';

export type CheckTarget = { readonly part: CheckedPart; readonly id: string | null };

export type CheckIssue = {
  /** stable name of the rule, for the panel's grouping and the tests */
  readonly code: string;
  readonly message: string;
  readonly target: CheckTarget;
};

/** One step of a run the checker found, with the names the author gave. */
export type CheckStep =
  | { readonly type: 'runAction'; readonly id: string; readonly name: string }
  | { readonly type: 'confirmConclusions'; readonly ids: readonly string[]; readonly names: readonly string[] }
  | { readonly type: 'takeHint' };

/**
 * The most (or the least) points a run can end with. `found` is a run the search played through
 * the engine; when the search covered every run, `exact` is true and `found` is the answer,
 * otherwise `bound` is what no run can pass (null: none, the points grow with time without limit).
 */
export type PointsExtreme = {
  readonly found: { readonly value: number; readonly steps: readonly CheckStep[] };
  readonly exact: boolean;
  readonly bound: number | null;
};

/** What a measure ends at after the answer key's path, beside its start. */
export type MeasureChange = {
  readonly measureId: string;
  readonly name: string;
  readonly type: number;
  readonly from: number;
  readonly to: number;
};

export type KeyPath = {
  readonly steps: readonly CheckStep[];
  /** whether the engine accepted every step and the run was still going after the diagnosis */
  readonly playable: boolean;
  /** the money and time measures after the path */
  readonly costs: readonly MeasureChange[];
};

export type CheckFigures = {
  /** null when the scenario keeps no points measure */
  readonly points: { readonly max: PointsExtreme; readonly min: PointsExtreme } | null;
  /** the fewest steps to the answer key's diagnosis (null: none found); `exact` when every run was searched */
  readonly shortestDiagnosis: { readonly steps: readonly CheckStep[] | null; readonly exact: boolean } | null;
  /** the answer key's actions then its diagnosis, played through the engine; null when the key names nothing */
  readonly keyPath: KeyPath | null;
};

export type ScenarioCheck = {
  /** what keeps the scenario from opening to learners */
  readonly errors: readonly CheckIssue[];
  readonly warnings: readonly CheckIssue[];
  readonly figures: CheckFigures;
};
