import { Button, Fieldset, Group, Loader, Modal, NumberInput, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import {
  accommodationSettings,
  describeAccommodation,
  maxExtraMinutes,
  maxExtraPercent,
  maxWindowMinutes,
  type AccommodationSettings,
  type Learner,
} from '@resim/contracts';
import { IconTrash } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { showSuccess } from '../../app/notify';
import { accommodationSource } from './accommodation-text';
import { useAccommodations, useRemoveAccommodation, useSetAccommodation } from './learner-queries';
import { RefusalAlert } from './refusal-alert';

/** Whose accommodation the modal sets: one learner, or one tag (chosen in the modal when null). */
export type AccommodationSubject =
  { readonly kind: 'learner'; readonly learner: Learner } | { readonly kind: 'tag'; readonly tag: string | null };

type Unit = 'percent' | 'minutes';
type Field = number | string;

const whole = (value: Field): number => (typeof value === 'number' ? value : 0);

/** Why a number typed cannot be sent, in the words of the field, or null. */
const boundProblem = (value: Field, max: number): string | null =>
  typeof value === 'number' && (!Number.isInteger(value) || value < 0 || value > max)
    ? `A whole number from 0 to ${max.toLocaleString('en')}`
    : null;

const settingsOf = (it: AccommodationSettings): AccommodationSettings => ({
  extraPercent: it.extraPercent,
  extraMinutes: it.extraMinutes,
  untimed: it.untimed,
  windowMinutes: it.windowMinutes,
});

/**
 * The settings of one subject, mounted afresh for each: extra time as a percentage or in minutes,
 * untimed play, a later close; a preview in the words the table uses, and removal asked twice.
 */
const SettingsForm = (props: {
  /** 'ann@example.com', 'tag “Dyslexia”' */
  who: string;
  /** what removing it means for those it covers */
  removal: string;
  existing: AccommodationSettings | null;
  /** what a learner has now from their tags, which one of their own replaces */
  inherited: string | null;
  pending: boolean;
  error: string | null;
  onSave: (settings: AccommodationSettings) => void;
  onRemove: () => void;
  onClose: () => void;
}) => {
  const { existing } = props;
  const [unit, setUnit] = useState<Unit>(existing && existing.extraMinutes > 0 && existing.extraPercent === 0 ? 'minutes' : 'percent');
  const [percent, setPercent] = useState<Field>(existing?.extraPercent || '');
  const [minutes, setMinutes] = useState<Field>(existing?.extraMinutes || '');
  const [untimed, setUntimed] = useState(existing?.untimed ?? false);
  const [later, setLater] = useState<Field>(existing?.windowMinutes || '');
  const [confirming, setConfirming] = useState(false);

  const extra = unit === 'percent' ? percent : minutes;
  const extraProblem = untimed ? null : boundProblem(extra, unit === 'percent' ? maxExtraPercent : maxExtraMinutes);
  const windowProblem = boundProblem(later, maxWindowMinutes);
  const settings: AccommodationSettings = {
    extraPercent: untimed || unit !== 'percent' ? 0 : whole(percent),
    extraMinutes: untimed || unit !== 'minutes' ? 0 : whole(minutes),
    untimed,
    windowMinutes: whole(later),
  };
  const checked = accommodationSettings.safeParse(settings);
  const valid = checked.success && extraProblem === null && windowProblem === null;

  if (confirming)
    return (
      <Stack gap="md">
        <Text fz="sm">
          Remove the accommodation of {props.who}? {props.removal}
        </Text>
        <RefusalAlert error={props.error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
            Cancel
          </Button>
          <Button color="red" loading={props.pending} onClick={props.onRemove}>
            Remove
          </Button>
        </Group>
      </Stack>
    );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) props.onSave(checked.data);
      }}
    >
      <Stack gap="md">
        {existing ? (
          <Text fz="sm">
            Now: <strong>{describeAccommodation(existing)}</strong>
            {existing.extraPercent > 0 && existing.extraMinutes > 0 ? ' (a list gave both; saving here keeps the one chosen below)' : null}
          </Text>
        ) : props.inherited ? (
          <Text fz="sm">Now {props.inherited}. An accommodation of their own replaces it.</Text>
        ) : null}
        <Fieldset legend="Extra time" variant="unstyled" disabled={untimed}>
          <Stack gap="xs">
            <SegmentedControl
              aria-label="Extra time as"
              value={unit}
              onChange={(value) => setUnit(value === 'minutes' ? 'minutes' : 'percent')}
              data={[
                { value: 'percent', label: 'Percentage' },
                { value: 'minutes', label: 'Minutes' },
              ]}
              disabled={untimed}
              w="fit-content"
            />
            <NumberInput
              key={unit}
              {...(unit === 'percent'
                ? {
                    label: 'Extra time in percent',
                    description: `Added to every limit of time, as a share of it; up to ${maxExtraPercent} %.`,
                    suffix: ' %',
                    value: percent,
                    onChange: setPercent,
                    max: maxExtraPercent,
                  }
                : {
                    label: 'Extra time in minutes',
                    description: `Added to every limit of time; up to ${maxExtraMinutes} minutes.`,
                    suffix: ' min',
                    value: minutes,
                    onChange: setMinutes,
                    max: maxExtraMinutes,
                  })}
              min={0}
              clampBehavior="none"
              allowDecimal={false}
              allowNegative={false}
              disabled={untimed}
              error={extraProblem}
              maw={280}
            />
          </Stack>
        </Fieldset>
        <Switch
          label="Untimed"
          description="Time limits off; the time is still measured and shown."
          checked={untimed}
          onChange={(event) => setUntimed(event.currentTarget.checked)}
        />
        <NumberInput
          label="Schedule window closes later by (minutes)"
          description={`Optional: the schedule window stays open this long for them after it closes for others; up to ${maxWindowMinutes.toLocaleString('en')} (a week).`}
          value={later}
          onChange={setLater}
          min={0}
          max={maxWindowMinutes}
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          error={windowProblem}
          maw={280}
        />
        <Text fz="sm" aria-live="polite" data-testid="accommodation-preview">
          {checked.success ? (
            <>
              Preview: <strong>{describeAccommodation(checked.data)}</strong>
            </>
          ) : extraProblem || windowProblem ? (
            'Preview: correct the numbers above first.'
          ) : (
            'Give extra time, untimed play or a later close.'
          )}
        </Text>
        <RefusalAlert error={props.error} />
        <Group justify="space-between" gap="sm" wrap="wrap">
          {existing ? (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)}>
              Remove accommodation
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={props.pending} disabled={!valid}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
};

const AccommodationDialog = (props: { spaceId: string; subject: AccommodationSubject; tags: readonly string[]; onClose: () => void }) => {
  const { subject } = props;
  const [tag, setTag] = useState(subject.kind === 'tag' ? subject.tag : null);
  const list = useAccommodations(props.spaceId, subject.kind === 'tag');
  const set = useSetAccommodation(props.spaceId);
  const remove = useRemoveAccommodation(props.spaceId);
  const tagChoices = useMemo(
    () => [...new Set([...props.tags, ...(list.data?.tags.map((it) => it.name) ?? [])])].sort((a, b) => a.localeCompare(b)),
    [props.tags, list.data],
  );

  const names = subject.kind === 'learner' ? { learners: [subject.learner.email] } : { tags: tag === null ? [] : [tag] };
  const who = subject.kind === 'learner' ? subject.learner.email : `tag “${tag ?? ''}”`;
  const error = (set.error ?? remove.error)?.message ?? null;

  const form = (existing: AccommodationSettings | null, inherited: string | null) => (
    <SettingsForm
      key={who}
      who={who}
      removal={
        subject.kind === 'learner'
          ? 'Runs they start from now on get only what their tags give, if anything.'
          : 'Learners with the tag keep only their own or another tag’s.'
      }
      existing={existing}
      inherited={inherited}
      pending={set.isPending || remove.isPending}
      error={error}
      onSave={(accommodation) =>
        set.mutate(
          { ...names, accommodation },
          {
            onSuccess: () => {
              props.onClose();
              showSuccess(`Accommodation for ${who}: ${describeAccommodation(accommodation)}`);
            },
          },
        )
      }
      onRemove={() =>
        remove.mutate(names, {
          onSuccess: () => {
            props.onClose();
            showSuccess(`Accommodation removed for ${who}`);
          },
        })
      }
      onClose={props.onClose}
    />
  );

  if (subject.kind === 'learner') {
    const effective = subject.learner.accommodation;
    const own = effective?.from === 'learner' ? settingsOf(effective) : null;
    const inherited =
      effective && effective.from !== 'learner' ? `${describeAccommodation(effective)} ${accommodationSource(effective.from)}` : null;
    return form(own, inherited);
  }

  const existing = list.data?.tags.find((it) => it.name === tag);
  return (
    <Stack gap="md">
      <Select
        label="Tag"
        description="Every learner with the tag gets the accommodation, unless they have one of their own."
        placeholder="Choose a tag"
        data={tagChoices}
        value={tag}
        onChange={(chosen) => {
          set.reset();
          remove.reset();
          setTag(chosen);
        }}
        searchable
        nothingFoundMessage="No learner has this tag"
        data-autofocus
      />
      {tag === null ? null : list.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text fz="sm" c="dimmed">
            Reading the tag’s accommodation…
          </Text>
        </Group>
      ) : (
        form(existing ? settingsOf(existing) : null, null)
      )}
    </Stack>
  );
};

/** Sets or removes the accommodation of one learner or one tag; the server's refusal shows inside. */
export const AccommodationModal = (props: {
  spaceId: string;
  subject: AccommodationSubject | null;
  /** the space's tags, to choose from */
  tags: readonly string[];
  onClose: () => void;
}) => {
  // The title stays while the modal fades out.
  const shown = useRef<AccommodationSubject | null>(null);
  if (props.subject !== null) shown.current = props.subject;
  const subject = shown.current;
  return (
    <Modal
      opened={props.subject !== null}
      onClose={props.onClose}
      title={<Text fw={600}>{subject?.kind === 'learner' ? `Accommodation for ${subject.learner.email}` : 'Accommodation for a tag'}</Text>}
      size="md"
    >
      {props.subject === null ? null : (
        <AccommodationDialog spaceId={props.spaceId} subject={props.subject} tags={props.tags} onClose={props.onClose} />
      )}
    </Modal>
  );
};
