import type { OptionsFilter } from '@mantine/core';

/**
 * The space's tags that hold what is typed, and none while nothing is: the list closes once a tag
 * is added, so it never lies over the dialog's buttons.
 */
export const suggestTypedTags: OptionsFilter = ({ options, search, limit }) => {
  const typed = search.trim().toLowerCase();
  if (typed === '') return [];
  return options.filter((option) => 'label' in option && option.label.toLowerCase().includes(typed)).slice(0, limit);
};
