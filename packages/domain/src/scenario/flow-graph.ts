import type { ReadonlyContent } from './readonly-content';
import type { RequirementSet } from './schema';

export type FlowNodeKind = 'stage' | 'action' | 'conclusion';
export type FlowNode = { readonly id: string; readonly kind: FlowNodeKind; readonly label: string; readonly isDefault: boolean };
export type FlowEdgeKind = 'contains' | 'requires-all' | 'requires-any' | 'requires-none' | 'activates';
export type FlowEdge = { readonly id: string; readonly source: string; readonly target: string; readonly kind: FlowEdgeKind };
export type FlowGraph = { readonly nodes: FlowNode[]; readonly edges: FlowEdge[] };

/**
 * SPEC 2 flow chart: stages, actions and conclusions, joined by what holds what, by requirement
 * edges (from the item required to the item that requires it) and by activator edges (from the
 * activating item to the stage it opens). References to missing items are left out.
 */
export const flowGraph = (content: ReadonlyContent): FlowGraph => {
  const nodes: FlowNode[] = [
    ...content.stages.map((s) => ({ id: s.id, kind: 'stage' as const, label: s.name || s.id, isDefault: s.default })),
    ...content.actions.map((a) => ({ id: a.id, kind: 'action' as const, label: a.name || a.id, isDefault: false })),
    ...content.conclusions.map((c) => ({ id: c.id, kind: 'conclusion' as const, label: c.name || c.id, isDefault: false })),
  ];
  const known = new Set(nodes.map((n) => n.id));
  const edges = new Map<string, FlowEdge>();
  const add = (source: string | null, target: string, kind: FlowEdgeKind) => {
    if (!source || !known.has(source) || !known.has(target) || source === target) return;
    const id = `${kind}:${source}->${target}`;
    edges.set(id, { id, source, target, kind });
  };
  const requirements = (
    target: string,
    set: Readonly<RequirementSet> | { readonly all: readonly string[]; readonly any: readonly string[]; readonly none: readonly string[] },
  ) => {
    for (const id of set.all) add(id, target, 'requires-all');
    for (const id of set.any) add(id, target, 'requires-any');
    for (const id of set.none) add(id, target, 'requires-none');
  };

  for (const s of content.stages) {
    requirements(s.id, s.requiredStages);
    requirements(s.id, s.requiredActions);
    requirements(s.id, s.requiredConclusions);
    for (const activator of s.activators) add(activator.id, s.id, 'activates');
  }
  for (const item of [...content.actions, ...content.conclusions]) {
    add(item.stage, item.id, 'contains');
    requirements(item.id, item.requiredActions);
    requirements(item.id, item.requiredConclusions);
  }
  for (const a of content.actions) for (const activator of a.activators) add(a.id, activator.stage ?? activator.id, 'activates');
  return { nodes, edges: [...edges.values()] };
};
