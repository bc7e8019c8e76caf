import { Group, Pagination } from '@mantine/core';
import { pageCount } from './paging';

const controlLabels = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

/** Pages of a long list of learners; nothing when they fit on one. */
export const PageControls = (props: { rows: number; page: number; onChange: (page: number) => void }) =>
  pageCount(props.rows) > 1 ? (
    <Group justify="center" mt="md">
      <Pagination
        total={pageCount(props.rows)}
        value={props.page}
        onChange={props.onChange}
        size="sm"
        getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
        getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
      />
    </Group>
  ) : null;
