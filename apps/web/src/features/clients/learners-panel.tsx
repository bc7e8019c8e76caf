import type { Learner } from '@resim/contracts';
import { useMemo, useState } from 'react';
import { showSuccess } from '../../app/notify';
import { BulkActions } from './bulk-actions';
import { ConfirmLearnersModal } from './confirm-learners-modal';
import { tagsPresent } from './learner-filter';
import { learnersCount } from './learner-names';
import { useRemindLearners, useRemoveLearners, useTagLearners } from './learner-queries';
import { LearnersTable } from './learners-table';
import { keepExisting } from './selection';
import { TagLearnersModal } from './tag-learners-modal';

type Dialog = 'add-tag' | 'remove-tag' | 'remind' | 'remove' | null;

const tagsWord = (tags: readonly string[]): string => (tags.length === 1 ? `tag “${tags[0] ?? ''}”` : `${tags.length} tags`);

/** The learners table with its selection and what can be done to the learners selected. */
export const LearnersPanel = (props: {
  spaceId: string;
  learners: readonly Learner[];
  shown: readonly Learner[];
  /** changes when the filter does, to go back to the first page */
  filterKey: string;
  editable: boolean;
  onAccommodate: (learner: Learner) => void;
}) => {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const tag = useTagLearners(props.spaceId);
  const remove = useRemoveLearners(props.spaceId);
  const remind = useRemindLearners(props.spaceId);

  const existing = useMemo(() => new Set(props.learners.map((learner) => learner.email)), [props.learners]);
  // Learners removed (here or elsewhere) leave the selection.
  const selected = keepExisting(chosen, existing);
  const emails = props.learners.filter((learner) => selected.has(learner.email)).map((learner) => learner.email);
  const selectedTags = useMemo(
    () => tagsPresent(props.learners.filter((learner) => selected.has(learner.email))),
    [props.learners, selected],
  );
  const allTags = useMemo(() => tagsPresent(props.learners), [props.learners]);

  const close = () => {
    setDialog(null);
    tag.reset();
    remove.reset();
    remind.reset();
  };

  const changeTags = (mode: 'add' | 'remove', tags: string[]) =>
    tag.mutate(
      { learners: emails, tags, mode },
      {
        onSuccess: ({ count }) => {
          close();
          showSuccess(
            `${mode === 'add' ? 'Added' : 'Removed'} ${tagsWord(tags)} ${mode === 'add' ? 'to' : 'from'} ${learnersCount(count)}`,
          );
        },
      },
    );

  return (
    <>
      {props.editable ? (
        <BulkActions
          count={emails.length}
          onAddTag={() => setDialog('add-tag')}
          onRemoveTag={() => setDialog('remove-tag')}
          onRemind={() => setDialog('remind')}
          onRemove={() => setDialog('remove')}
          onClear={() => setChosen(new Set())}
        />
      ) : null}
      <LearnersTable
        key={props.filterKey}
        learners={props.shown}
        now={Date.now()}
        selectable={props.editable}
        selected={selected}
        onSelectedChange={setChosen}
        onAccommodate={props.editable ? props.onAccommodate : undefined}
      />
      <TagLearnersModal
        mode={dialog === 'add-tag' ? 'add' : dialog === 'remove-tag' ? 'remove' : null}
        count={emails.length}
        tags={dialog === 'remove-tag' ? selectedTags : allTags}
        pending={tag.isPending}
        error={tag.error?.message ?? null}
        onSubmit={(tags) => changeTags(dialog === 'remove-tag' ? 'remove' : 'add', tags)}
        onClose={close}
      />
      <ConfirmLearnersModal
        action={dialog === 'remind' || dialog === 'remove' ? dialog : null}
        emails={emails}
        pending={remove.isPending || remind.isPending}
        error={(dialog === 'remove' ? remove.error : remind.error)?.message ?? null}
        onConfirm={() => {
          if (dialog === 'remove')
            remove.mutate(emails, {
              onSuccess: ({ count }) => {
                close();
                setChosen(new Set());
                showSuccess(`Removed ${learnersCount(count)}`);
              },
            });
          else
            remind.mutate(emails, {
              onSuccess: ({ count }) => {
                close();
                showSuccess(`Reminder sent to ${learnersCount(count)}`);
              },
            });
        }}
        onClose={close}
      />
    </>
  );
};
