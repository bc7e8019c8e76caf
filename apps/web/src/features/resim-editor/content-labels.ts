import type { ContentKey } from './scenario-changes';

/** Each detail field and part as an author names it. */
const labels: Record<ContentKey, string> = {
  resimName: 'Name',
  description: 'Description',
  templateId: 'Template',
  uiText: 'Wording',
  settings: 'Settings',
  currency: 'Currency',
  mode: 'Mode',
  maxConclusions: 'Most diagnoses',
  allowAnonymous: 'Anonymous learners',
  allowSignin: 'Sign-in',
  nextResimCode: 'Next scenario code',
  initial: 'Opens on',
  hint: 'Hint',
  answers: 'Answer key',
  passMark: 'Pass mark',
  userRestriction: 'User restriction',
  scheduleStart: 'Schedule start',
  scheduleEnd: 'Schedule end',
  descriptionImages: 'Overview images',
  descriptionVideos: 'Overview videos',
  descriptionFiles: 'Overview files',
  priority: 'Priority',
  actions: 'Tests',
  conclusions: 'Diagnoses',
  measures: 'Measures',
  infos: 'Infos',
  stages: 'Stages',
  stageGroups: 'Stage groups',
  baseline: 'Baseline',
  pages: 'Pages',
};

export const contentLabel = (key: string): string => (key in labels ? labels[key as ContentKey] : key);
