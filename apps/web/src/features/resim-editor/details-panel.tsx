import { Alert, Fieldset, Grid, MultiSelect, Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Textarea, TextInput } from './form-fields';
import { isCostMeasure, pluralLabel, Priority, resolveTextSet, SimulationMode, type ScenarioContent } from '@resim/domain';
import { NumberField } from './number-field';
import type { PanelProps } from './editor-types';
import { ScenarioSpaceField } from './scenario-space-field';

/** SPEC 9 simulation modes, with what each means for the learner. */
const modes = [
  { value: String(SimulationMode.Realtime), label: 'Realtime', hint: 'A live session run by a presenter: lobby, start, stop, messages.' },
  { value: String(SimulationMode.Training), label: 'Training', hint: 'Self-paced, with feedback at once and hints.' },
  { value: String(SimulationMode.Offline), label: 'Offline', hint: 'Self-paced, without live control.' },
  { value: String(SimulationMode.Assessed), label: 'Assessed', hint: 'Feedback and answers only at the end; one attempt.' },
] as const;

const modeOf = (value: string | null): ScenarioContent['mode'] | null => {
  const mode = Number(value);
  return mode === 1 || mode === 2 || mode === 3 || mode === 4 ? mode : null;
};

/** SPEC 9 priorities; none (cleared) ranks between them. */
const priorityOptions = [
  { value: String(Priority.High), label: 'High' },
  { value: String(Priority.Low), label: 'Low' },
];

const priorityOf = (value: string | null): ScenarioContent['priority'] =>
  value === String(Priority.High) ? Priority.High : value === String(Priority.Low) ? Priority.Low : null;

type Settings = ScenarioContent['settings'];
type SwitchKey = { [K in keyof Settings]: Settings[K] extends boolean ? K : never }[keyof Settings];

const settingSwitches: readonly { key: SwitchKey; label: string; hint: string }[] = [
  { key: 'hideRank', label: 'Hide rank', hint: 'Learners do not see where they stand.' },
  { key: 'hideTime', label: 'Hide time', hint: 'Learners do not see the clock.' },
  {
    key: 'allowApp',
    label: 'Allow app clients',
    hint: 'Apps built on the learner API may play it (none comes with the product; the browser is its player).',
  },
  { key: 'allowBrowser', label: 'Allow the browser', hint: 'Learners may play in a web browser, on a phone or a computer.' },
  {
    key: 'showActionCosts',
    label: 'Show costs',
    hint: 'Learners see the money and time each test costs before they run it.',
  },
];

/** Modes whose runs may all be untimed (the engine applies `settings.untimed` to them alone). */
const untimedModes: readonly number[] = [SimulationMode.Training, SimulationMode.Offline];

/**
 * Untimed for everyone: no limit of time ends or holds a run, the time is still measured. Only
 * Training and Offline scenarios may be; in the other modes the switch says so and stays off.
 */
const UntimedSwitch = ({ content, readOnly, onChange }: Pick<PanelProps, 'content' | 'readOnly' | 'onChange'>) => {
  const allowed = untimedModes.includes(content.mode);
  return (
    <Switch
      label="Untimed for everyone"
      description={
        allowed
          ? 'No time limit ends a run or holds its clock; the time is still measured and shown.'
          : 'Only Training and Offline scenarios can be untimed for everyone.'
      }
      checked={allowed && content.settings.untimed}
      onChange={(event) => {
        const checked = event.currentTarget.checked;
        onChange((draft) => ({ ...draft, settings: { ...draft.settings, untimed: checked } }));
      }}
      disabled={readOnly || !allowed}
    />
  );
};

/**
 * The measures other than money and time that the costs may show too, each chosen by name: shown
 * before a test is run, the measure that ranks learners gives the answer key away, so say so.
 */
const RevealedMeasures = ({ content, readOnly, onChange }: Pick<PanelProps, 'content' | 'readOnly' | 'onChange'>) => {
  const others = content.measures.filter((measure) => !isCostMeasure(measure.type));
  if (others.length === 0) return null;
  const chosen = content.settings.revealedMeasures.filter((id) => others.some((measure) => measure.id === id));
  const names = others.filter((measure) => chosen.includes(measure.id)).map((measure) => measure.name || measure.id);
  return (
    <Stack gap="xs" pl={46}>
      <MultiSelect
        label="Also show in the costs"
        description="Measures other than money and time, shown only when named here."
        data={others.map((measure) => ({ value: measure.id, label: measure.name || measure.id }))}
        value={chosen}
        onChange={(value) => onChange((draft) => ({ ...draft, settings: { ...draft.settings, revealedMeasures: value } }))}
        placeholder={chosen.length === 0 ? 'None' : undefined}
        clearable={!readOnly}
        readOnly={readOnly}
      />
      {names.length > 0 ? (
        <Alert variant="light" color="orange" icon={<IconAlertTriangle size={18} />} title="This reveals the answer key">
          Learners will see what each test does to {names.join(' and ')} before running it, which tells the right tests from the harmful
          ones.
        </Alert>
      ) : null}
    </Stack>
  );
};

// The codes the browser can format, each named in the author's language: "EUR · Euro".
const currencyNames = new Intl.DisplayNames(undefined, { type: 'currency' });
const currencyOptions = Intl.supportedValuesOf('currency').map((code) => ({
  value: code,
  label: `${code} · ${currencyNames.of(code) ?? code}`,
}));

/** The first item a run opens on: a stage, an info or a page; none means the default stage. */
const initialOptions = (content: ScenarioContent) => [
  { group: 'Stages', items: content.stages.map((stage) => ({ value: `stage:${stage.id}`, label: stage.name || stage.id })) },
  { group: 'Infos', items: content.infos.map((info) => ({ value: `info:${info.id}`, label: info.name || info.id })) },
  { group: 'Pages', items: content.pages.map((page) => ({ value: `page:${page.id}`, label: page.name || page.id })) },
];

const initialOf = (value: string | null): ScenarioContent['initial'] => {
  const [type, ...rest] = (value ?? '').split(':');
  const id = rest.join(':');
  return (type === 'stage' || type === 'info' || type === 'page') && id ? { type, id } : null;
};

/** Details and settings: the scalar fields of the scenario. */
export const DetailsPanel = ({ resimId, content, readOnly, onChange, placement }: PanelProps) => {
  const set = <K extends keyof ScenarioContent>(key: K, value: ScenarioContent[K]) =>
    onChange((draft) => ({ ...draft, [key]: value }), key);
  const labels = resolveTextSet(content);
  const mode = modes.find((candidate) => candidate.value === String(content.mode));
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Fieldset legend="About the scenario" radius="md">
          <Stack gap="md">
            <TextInput
              label="Name"
              description="What authors and learners call this scenario."
              value={content.resimName}
              onChange={(event) => set('resimName', event.currentTarget.value)}
              error={content.resimName.trim() === '' ? 'Give the scenario a name' : null}
              maxLength={200}
              readOnly={readOnly}
              required
            />
            <Textarea
              label="Description"
              description="Shown to learners before they start."
              value={content.description}
              onChange={(event) => set('description', event.currentTarget.value)}
              autosize
              minRows={3}
              maxRows={12}
              maxLength={20_000}
              readOnly={readOnly}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select
                label="Mode"
                description={mode?.hint}
                data={modes.map(({ value, label }) => ({ value, label }))}
                value={String(content.mode)}
                onChange={(value) => {
                  const next = modeOf(value);
                  if (next !== null) set('mode', next);
                }}
                allowDeselect={false}
                readOnly={readOnly}
              />
              <NumberField
                label={`Most ${pluralLabel(labels.conclusion)} a learner may choose`}
                description="From 1 to 100."
                value={content.maxConclusions}
                onChange={(value) => value !== null && set('maxConclusions', Math.round(value))}
                min={1}
                max={100}
                allowDecimal={false}
                clampBehavior="strict"
                readOnly={readOnly}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select
                label="Opens on"
                description="Where a run starts; none means the default stage."
                data={initialOptions(content)}
                value={content.initial ? `${content.initial.type}:${content.initial.id}` : null}
                onChange={(value) => set('initial', initialOf(value))}
                placeholder="Default stage"
                clearable={!readOnly}
                allowDeselect={false}
                readOnly={readOnly}
              />
              <TextInput
                label="Next scenario code"
                description="The join code of the scenario that follows this one."
                value={content.nextResimCode ?? ''}
                onChange={(event) => set('nextResimCode', event.currentTarget.value.trim() === '' ? null : event.currentTarget.value)}
                maxLength={64}
                readOnly={readOnly}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Fieldset legend="Space and priority" radius="md" mb="md">
          <Stack gap="md">
            {placement ? <ScenarioSpaceField resimId={resimId} resimName={content.resimName} placement={placement} /> : null}
            <Select
              label="Priority"
              description="High priority scenarios come first on Home when “High priority first” is on."
              data={priorityOptions}
              value={content.priority === null ? null : String(content.priority)}
              onChange={(value) => set('priority', priorityOf(value))}
              placeholder="None"
              clearable={!readOnly}
              readOnly={readOnly}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend="Settings" radius="md">
          <Stack gap="sm">
            <Select
              label="Currency"
              description="Money measures are counted and shown in it."
              data={currencyOptions}
              value={content.currency}
              onChange={(value) => value !== null && set('currency', value)}
              searchable
              allowDeselect={false}
              readOnly={readOnly}
            />
            {settingSwitches.map((setting) => (
              <Switch
                key={setting.key}
                label={setting.label}
                description={setting.hint}
                checked={content.settings[setting.key]}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  onChange((draft) => ({ ...draft, settings: { ...draft.settings, [setting.key]: checked } }));
                }}
                disabled={readOnly}
              />
            ))}
            <UntimedSwitch content={content} readOnly={readOnly} onChange={onChange} />
            {content.settings.showActionCosts ? <RevealedMeasures content={content} readOnly={readOnly} onChange={onChange} /> : null}
          </Stack>
        </Fieldset>
      </Grid.Col>
    </Grid>
  );
};
