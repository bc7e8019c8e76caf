import type { DeepReadonly, ReadonlyContent } from './readonly-content';
import type { Impact, MeasureCondition } from './schema';

type UsesMeasures = {
  readonly impact: readonly DeepReadonly<Impact>[];
  readonly measureConditions?: readonly DeepReadonly<MeasureCondition>[];
};

const usesMeasure = (item: UsesMeasures, measureId: string): boolean =>
  item.impact.some((entry) => entry.measureId === measureId) ||
  (item.measureConditions ?? []).some((condition) => condition.measureId === measureId);

/** SPEC 5 measure deletion: whether an action, conclusion, the hint or an info uses the measure in its conditions or impact. */
export const measureInUse = (content: ReadonlyContent, measureId: string): boolean =>
  [...content.actions, ...content.conclusions, ...content.infos, ...(content.hint ? [content.hint] : [])].some((item) =>
    usesMeasure(item, measureId),
  );

/** SPEC 5 measure deletion: removes the measure, or silently refuses (the content comes back unchanged) while it is in use. */
export const deleteMeasure = <C extends ReadonlyContent>(content: C, measureId: string): C => {
  if (measureInUse(content, measureId) || !content.measures.some((measure) => measure.id === measureId)) return content;
  return { ...content, measures: content.measures.filter((measure) => measure.id !== measureId) };
};
