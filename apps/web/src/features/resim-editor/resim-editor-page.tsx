import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  EmptyState,
  Group,
  Kbd,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
  Loader,
} from '@mantine/core';
import { resolveTextSet, type CheckedPart, type ScenarioContent, type TextSet } from '@resim/domain';
import { useQuery } from '@tanstack/react-query';
import {
  IconAdjustments,
  IconAlertTriangle,
  IconArrowBackUp,
  IconArrowForwardUp,
  IconArrowLeft,
  IconChecklist,
  IconShieldCheck,
  IconClockHour4,
  IconDeviceFloppy,
  IconEye,
  IconFileUnknown,
  IconFlask,
  IconGauge,
  IconGitMerge,
  IconLayoutList,
  IconRefresh,
  IconStethoscope,
  IconHierarchy,
  IconCalendarEvent,
  IconLock,
  IconLanguage,
  IconInfoCircle,
  IconClipboardHeart,
  IconFileText,
  IconBulb,
  IconHistory,
  IconLayoutDashboard,
  IconTrophy,
  IconChartDots,
  IconRoute,
} from '@tabler/icons-react';
import { useCallbackRef, useMediaQuery } from '@mantine/hooks';
import { Fragment, memo, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useApi } from '../../api/api-context';
import { queryKeys } from '../../api/query-keys';
import { capitalise } from '../../ui/format';
import { ConflictModal } from './conflict-modal';
import { DetailsPanel } from './details-panel';
import {
  AccessPanel,
  ActionsPanel,
  AnswersPanel,
  AuditPanel,
  CheckerPanel,
  BaselinePanel,
  ConclusionsPanel,
  DashboardPanel,
  FlowPanel,
  HintPanel,
  HistoryPanel,
  InfosPanel,
  LearnerFlowPanel,
  MeasuresPanel,
  OverviewPanel,
  PagesPanel,
  preloadPanels,
  ScoreboardPanel,
  ItemAnalysisPanel,
  StagesPanel,
  WordingPanel,
} from './editor-panels';
import { isDirty, isEditing, mayRedo, maySave, mayUndo, type EditorState } from './editor-machine';
import { countOf, type PanelProps } from './editor-types';
import { PreviewButton } from './preview-button';
import { RunStatusControl } from './run-status-control';
import type { Accommodated, AccommodatedLearner } from './accommodations';
import { SessionBar } from './session-bar';
import { SessionProgressBar, type SessionProgress } from './session-progress';
import { contentOf } from './scenario-changes';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { sameToolbar, saveFailedMessage, useResimEditor, type ResimEditor } from './use-resim-editor';

type TabId =
  | 'details'
  | 'overview'
  | 'access'
  | 'wording'
  | 'stages'
  | 'actions'
  | 'conclusions'
  | 'measures'
  | 'infos'
  | 'baseline'
  | 'pages'
  | 'hint'
  | 'answers'
  | 'checker'
  | 'flow'
  | 'history'
  | 'dashboard'
  | 'scoreboard'
  | 'item-analysis'
  | 'audit'
  | 'learner-flow';

type TabSpec = {
  id: TabId;
  group: string;
  label: string;
  icon: ReactNode;
  count?: number;
  panel: (props: PanelProps) => ReactNode;
};

/** The sub-screens (SPEC 2), named with the scenario's own wording where it reads naturally ('Tests', 'Diagnosis'). */
const tabsOf = (content: ScenarioContent, labels: TextSet): TabSpec[] => {
  const scenario = 'Scenario';
  const parts = 'Content';
  const scoring = 'Scoring';
  const results = 'Results';
  return [
    { id: 'details', group: scenario, label: 'Details & settings', icon: <IconAdjustments size={16} />, panel: DetailsPanel },
    { id: 'overview', group: scenario, label: 'Overview & schedule', icon: <IconCalendarEvent size={16} />, panel: OverviewPanel },
    { id: 'access', group: scenario, label: 'Access', icon: <IconLock size={16} />, panel: AccessPanel },
    { id: 'wording', group: scenario, label: 'Wording', icon: <IconLanguage size={16} />, panel: WordingPanel },
    { id: 'stages', group: parts, label: 'Stages', icon: <IconLayoutList size={16} />, count: content.stages.length, panel: StagesPanel },
    {
      id: 'actions',
      group: parts,
      label: capitalise(labels.actions),
      icon: <IconFlask size={16} />,
      count: content.actions.length,
      panel: ActionsPanel,
    },
    {
      id: 'conclusions',
      group: parts,
      label: labels.conclusion,
      icon: <IconStethoscope size={16} />,
      count: content.conclusions.length,
      panel: ConclusionsPanel,
    },
    {
      id: 'measures',
      group: parts,
      label: 'Measures',
      icon: <IconGauge size={16} />,
      count: content.measures.length,
      panel: MeasuresPanel,
    },
    { id: 'infos', group: parts, label: 'Infos', icon: <IconInfoCircle size={16} />, count: content.infos.length, panel: InfosPanel },
    {
      id: 'baseline',
      group: parts,
      label: 'Baseline',
      icon: <IconClipboardHeart size={16} />,
      count: content.baseline.length,
      panel: BaselinePanel,
    },
    { id: 'pages', group: parts, label: 'Pages', icon: <IconFileText size={16} />, count: content.pages.length, panel: PagesPanel },
    { id: 'hint', group: scoring, label: 'Hint', icon: <IconBulb size={16} />, panel: HintPanel },
    { id: 'answers', group: scoring, label: 'Answer key', icon: <IconChecklist size={16} />, panel: AnswersPanel },
    { id: 'checker', group: scoring, label: 'Checker', icon: <IconShieldCheck size={16} />, panel: CheckerPanel },
    { id: 'dashboard', group: results, label: 'Dashboard', icon: <IconLayoutDashboard size={16} />, panel: DashboardPanel },
    { id: 'scoreboard', group: results, label: 'Scoreboard', icon: <IconTrophy size={16} />, panel: ScoreboardPanel },
    { id: 'item-analysis', group: results, label: 'Item analysis', icon: <IconChartDots size={16} />, panel: ItemAnalysisPanel },
    { id: 'audit', group: results, label: 'Audit', icon: <IconHistory size={16} />, panel: AuditPanel },
    { id: 'learner-flow', group: results, label: "Learners' flow", icon: <IconRoute size={16} />, panel: LearnerFlowPanel },
    { id: 'flow', group: 'Views', label: 'Flow chart', icon: <IconHierarchy size={16} />, panel: FlowPanel },
    { id: 'history', group: 'Views', label: 'History', icon: <IconClockHour4 size={16} />, panel: HistoryPanel },
  ];
};

const isTabId = (value: string | null, tabs: readonly TabSpec[]): value is TabId => tabs.some((tab) => tab.id === value);

/** Where the draft stands, in a few words beside the save button. */
const saveStateOf = (state: EditorState): { label: string; color: string } => {
  switch (state.status) {
    case 'SIM_SAVING':
      return { label: 'Saving…', color: 'blue' };
    case 'SIM_EDITED':
      return { label: 'Unsaved changes', color: 'orange' };
    case 'ERROR_SAVING':
      return isDirty(state) ? { label: 'Not saved', color: 'red' } : { label: 'Saved', color: 'gray' };
    case 'SIM_SAVED':
      return { label: 'All changes saved', color: 'teal' };
    case 'VIEW_ONLY':
      return { label: 'View only', color: 'gray' };
    default:
      return { label: 'No changes', color: 'gray' };
  }
};

const mod = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

const Shortcut = ({ label, keys }: { label: string; keys: readonly string[] }) => (
  <Group gap={6} wrap="nowrap">
    <span>{label}</span>
    <span>
      {keys.map((key, index) => (
        <span key={key}>
          {index > 0 ? ' + ' : null}
          <Kbd size="xs">{key}</Kbd>
        </span>
      ))}
    </span>
  </Group>
);

// Typing changes the draft, not the toolbar: it renders again only when what it shows changes.
const EditorToolbar = memo(({ editor }: { editor: ResimEditor }) => {
  const { state } = editor;
  const saveState = saveStateOf(state);
  const editing = isEditing(state);
  // Viewing needs nothing unsaved; editing needs the right to edit.
  const mayToggle =
    (state.status === 'VIEW_ONLY' && state.access?.canEdit === true) ||
    ((state.status === 'SIM_LOADED' || state.status === 'SIM_SAVED') && !isDirty(state));
  return (
    <Group gap="sm" wrap="wrap" justify="flex-end">
      <Badge variant="dot" color={saveState.color} size="lg" radius="sm" tt="none" fw={500} role="status" aria-live="polite">
        {saveState.label}
      </Badge>
      {state.access?.canEdit ? (
        <Button.Group aria-label="Mode of the editor">
          {(['edit', 'view'] as const).map((mode) => {
            const active = (mode === 'edit') === editing;
            return (
              <Button
                key={mode}
                size="xs"
                variant={active ? 'light' : 'default'}
                aria-pressed={active}
                disabled={!active && !mayToggle}
                onClick={() => {
                  if (!active) (mode === 'edit' ? editor.enterEdit : editor.enterView)();
                }}
              >
                {mode === 'edit' ? 'Edit' : 'View'}
              </Button>
            );
          })}
        </Button.Group>
      ) : null}
      {editing ? (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={<Shortcut label="Undo" keys={[mod, 'Z']} />}>
            <ActionIcon variant="default" size="lg" aria-label="Undo" onClick={editor.undo} disabled={!mayUndo(state)}>
              <IconArrowBackUp size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={<Shortcut label="Redo" keys={[mod, 'Shift', 'Z']} />}>
            <ActionIcon variant="default" size="lg" aria-label="Redo" onClick={editor.redo} disabled={!mayRedo(state)}>
              <IconArrowForwardUp size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ) : null}
      {editing ? (
        <Tooltip label={<Shortcut label="Save" keys={[mod, 'S']} />}>
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            onClick={() => void editor.save()}
            loading={state.status === 'SIM_SAVING'}
            disabled={!maySave(state)}
          >
            Save
          </Button>
        </Tooltip>
      ) : null}
    </Group>
  );
}, sameToolbar);

/** The scenario's name, run status and size: rendered again only when one of them changes. */
const EditorTitle = memo(
  (props: {
    resimId: string;
    name: string;
    status: number;
    mode: number;
    code: string;
    revision: number;
    size: string;
    blocked: string | null;
    allowAnonymous: boolean;
    allowSignin: boolean;
    scheduleStart: string | null;
    scheduleEnd: string | null;
    progress: SessionProgress | null;
    onChangeStatus: (status: number, accommodated?: Accommodated) => Promise<void>;
    stillPlayingAccommodated: () => Promise<readonly AccommodatedLearner[]>;
    onCheckerRefusal: () => void;
  }) => (
    <Stack gap={4} style={{ minWidth: 0, flex: '1 1 320px' }}>
      <Title order={1} fz={24} lineClamp={1}>
        {props.name}
      </Title>
      <Group gap="sm" wrap="wrap">
        <RunStatusControl
          status={props.status}
          mode={props.mode}
          blocked={props.blocked}
          access={{
            allowAnonymous: props.allowAnonymous,
            allowSignin: props.allowSignin,
            scheduleStart: props.scheduleStart,
            scheduleEnd: props.scheduleEnd,
          }}
          onChange={props.onChangeStatus}
          accommodatedStillPlaying={props.stillPlayingAccommodated}
          onCheckerRefusal={props.onCheckerRefusal}
        />
        <SessionBar resimId={props.resimId} code={props.code} status={props.status} />
        <SessionProgressBar progress={props.progress} />
        <Text fz="xs" c="dimmed">
          Revision {props.revision} · {props.size}
        </Text>
      </Group>
    </Stack>
  ),
);

const EditorBreadcrumbs = memo(({ name, spaceName }: { name: string; spaceName: string | undefined }) => (
  <Breadcrumbs mb="sm" fz="sm" separatorMargin={6}>
    <Anchor component={Link} to="/" fz="sm">
      Home
    </Anchor>
    {spaceName ? (
      <Text fz="sm" c="dimmed">
        {spaceName}
      </Text>
    ) : null}
    <Text fz="sm" c="dimmed" truncate="end" maw={320}>
      {name}
    </Text>
  </Breadcrumbs>
));

/** The tabs' id, from which Mantine names each tab `${tabsId}-tab-${value}` (and each panel `-panel-`). */
const tabsId = 'resim-editor';

const sameTabs = (a: readonly TabSpec[], b: readonly TabSpec[]): boolean =>
  a.length === b.length &&
  a.every((spec, index) => spec.id === b[index]?.id && spec.label === b[index]?.label && spec.count === b[index]?.count);

/**
 * The sub-screens as tabs. The list renders apart from the panel it opens, so that typing in a
 * panel, which changes counts and labels only now and then, does not render every tab again.
 */
const EditorTabList = memo(
  ({ tabs, tab, wide, onSelect }: { tabs: readonly TabSpec[]; tab: TabId; wide: boolean; onSelect: (tab: string | null) => void }) => (
    <Tabs
      id={tabsId}
      value={tab}
      onChange={onSelect}
      variant={wide ? 'pills' : 'outline'}
      orientation={wide ? 'vertical' : 'horizontal'}
      radius="md"
      w={wide ? 210 : undefined}
      style={
        wide
          ? { flex: 'none', alignSelf: 'flex-start', position: 'sticky', top: 'calc(var(--app-shell-header-height, 60px) + 112px)' }
          : undefined
      }
    >
      <Tabs.List w="100%">
        {tabs.map((spec, index) => (
          <Fragment key={spec.id}>
            {wide && spec.group !== tabs[index - 1]?.group ? (
              <Text role="presentation" fz={11} fw={700} c="dimmed" tt="uppercase" px="sm" pt={index === 0 ? 0 : 'sm'} pb={4}>
                {spec.group}
              </Text>
            ) : null}
            <Tabs.Tab
              value={spec.id}
              leftSection={spec.icon}
              rightSection={
                spec.count === undefined ? null : (
                  <Badge size="xs" variant="light" color="gray" radius="sm" aria-hidden>
                    {spec.count}
                  </Badge>
                )
              }
              styles={wide ? { tab: { justifyContent: 'flex-start' }, tabLabel: { flex: 1, textAlign: 'left' } } : undefined}
            >
              {spec.label}
            </Tabs.Tab>
          </Fragment>
        ))}
      </Tabs.List>
    </Tabs>
  ),
  (before, after) => before.tab === after.tab && before.wide === after.wide && sameTabs(before.tabs, after.tabs),
);

const EditorSkeleton = () => (
  <Stack gap="md" aria-busy="true" aria-label="Loading scenario">
    <Skeleton height={14} width={220} />
    <Skeleton height={30} width={360} />
    <Skeleton height={36} width="100%" mt="md" />
    <Skeleton height={320} radius="md" />
  </Stack>
);

/** EDIT_RESIM: the scenario editor (SPEC 2, 4): its details, stages, tests, diagnoses, measures and answer key. */
export const ResimEditorPage = ({ resimId }: { resimId: string }) => {
  const api = useApi();
  const editor = useResimEditor(resimId);
  const { state } = editor;
  // The sub-screens stand in a column beside the work on wide screens, in a row above it on narrow ones.
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const spaces = useQuery({ queryKey: queryKeys.spaces, queryFn: ({ signal }) => api.spaces.list(signal) });
  const [searchParams, setSearchParams] = useSearchParams();
  // A conflict dialog closed by the author stays closed for that revision; a newer conflict opens it again.
  const [dismissedConflict, setDismissedConflict] = useState<number | null>(null);
  const [resolving, setResolving] = useState(false);
  // Stable across renders, so the memoised tab list is not rendered again by a new function.
  const selectTab = useCallbackRef((value: string | null) => {
    if (value) setSearchParams(value === 'details' ? {} : { tab: value }, { replace: true });
  });
  const showChecker = useCallbackRef(() => selectTab('checker'));
  const openItem = useCallbackRef((target: CheckedPart, id: string | null) =>
    setSearchParams(target === 'details' ? {} : id === null ? { tab: target } : { tab: target, item: id }, { replace: true }),
  );
  // Once the scenario is shown, the other tabs download while the author reads it.
  const shown = Boolean(state.draft);
  useEffect(() => {
    if (!shown) return;
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(preloadPanels, 300);
      return () => window.clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(preloadPanels, { timeout: 2000 });
    return () => window.cancelIdleCallback(idle);
  }, [shown]);

  // Kept the same object while the space is, so memoised panels do not render again for it.
  const group = state.saved?.group;
  const placement = useMemo(() => (group === undefined ? undefined : { group, onMove: editor.moveToSpace }), [group, editor.moveToSpace]);
  const revision = state.saved?.revision;
  const dirty = isDirty(state);
  const history = useMemo(
    () =>
      revision === undefined
        ? undefined
        : { revision, blocked: dirty ? 'Save or undo your changes first' : null, onRestored: editor.takeRestored },
    [revision, dirty, editor.takeRestored],
  );

  const backHome = (
    <Button component={Link} to="/" variant="default" leftSection={<IconArrowLeft size={16} />}>
      Back to Home
    </Button>
  );

  if (state.status === 'NO_SIM' || state.status === 'LOADING_SIM' || !state.draft || !state.saved) {
    if (state.status === 'NO_SIM' && state.error !== null)
      return (
        <Card padding="xl" radius="md" mt="md">
          <EmptyState
            size="lg"
            py="xl"
            withIndicatorBackground
            icon={<IconFileUnknown size={28} />}
            title="The scenario could not be opened"
            description={`${state.error}. It may have been deleted, or it belongs to a space you are not a member of.`}
          >
            <EmptyState.Actions>{backHome}</EmptyState.Actions>
          </EmptyState>
        </Card>
      );
    return <EditorSkeleton />;
  }

  const { draft, saved } = state;
  const readOnly = !isEditing(state);
  const labels = resolveTextSet(draft);
  const name = draft.resimName.trim() || 'Untitled scenario';
  const tabs = tabsOf(draft, labels);
  const requested = searchParams.get('tab');
  const tab: TabId = isTabId(requested, tabs) ? requested : 'details';
  const space = spaces.data?.find((candidate) => candidate.id === saved.group);
  const active = tabs.find((candidate) => candidate.id === tab) ?? tabs[0]!;
  const Panel = active.panel;

  const resolve = (resolution: Parameters<ResimEditor['resolveConflict']>[0]) => {
    setResolving(true);
    editor
      .resolveConflict(resolution)
      .finally(() => setResolving(false))
      .catch(() => undefined);
  };

  return (
    <>
      <EditorBreadcrumbs name={name} spaceName={space?.description} />
      <Paper
        radius="md"
        px="lg"
        py="md"
        mb="md"
        shadow="xs"
        style={{ position: 'sticky', top: 'calc(var(--app-shell-header-height, 60px) + 8px)', zIndex: 5 }}
      >
        <Group justify="space-between" align="center" gap="md" wrap="wrap">
          <EditorTitle
            resimId={saved.id}
            name={name}
            status={saved.resimStatus}
            mode={saved.mode}
            code={saved.code}
            revision={saved.revision}
            size={`${countOf(draft.actions.length, 'actions', labels)} · ${countOf(draft.conclusions.length, 'conclusions', labels)}`}
            blocked={isDirty(state) ? 'Save or undo your changes first' : null}
            allowAnonymous={saved.allowAnonymous}
            allowSignin={saved.allowSignin}
            scheduleStart={saved.scheduleStart}
            scheduleEnd={saved.scheduleEnd}
            progress={editor.progress}
            onChangeStatus={editor.changeStatus}
            stillPlayingAccommodated={editor.stillPlayingAccommodated}
            onCheckerRefusal={showChecker}
          />
          <Group gap="sm" wrap="wrap" justify="flex-end">
            <PreviewButton resimId={saved.id} />
            <EditorToolbar editor={editor} />
          </Group>
        </Group>
      </Paper>

      {state.status === 'VIEW_ONLY' && state.access && !state.access.canEdit ? (
        <Alert color="gray" variant="light" icon={<IconEye size={18} />} title="View only" mb="md">
          {state.access.reason}
          {isDirty(state) ? ' Your unsaved changes are kept here, to save once it can be edited again.' : null}
        </Alert>
      ) : null}

      {state.status === 'ERROR_SAVING' && !state.conflict ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={saveFailedMessage} mb="md">
          <Stack gap="sm" align="flex-start">
            <Text fz="sm">{state.error}</Text>
            <Group gap="sm">
              <Button size="xs" color="red" variant="light" onClick={() => void editor.save()} disabled={!maySave(state)}>
                Try again
              </Button>
              <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={() => void editor.reload()}>
                Reload the saved scenario
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}

      {state.conflict ? (
        <Alert color="orange" variant="light" icon={<IconGitMerge size={18} />} title="Someone else saved this scenario" mb="md">
          <Group gap="sm" justify="space-between">
            <Text fz="sm">Your changes are not saved yet. Choose whose changes to keep.</Text>
            <Button size="xs" color="orange" variant="light" onClick={() => setDismissedConflict(null)}>
              Resolve
            </Button>
          </Group>
        </Alert>
      ) : null}

      {requested !== null && requested !== tab ? (
        // An address naming no tab (an old link, a typo) says so rather than silently showing another.
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} mb="md" role="status">
          There is no tab “{requested}” in this scenario; showing {active.label} instead.
        </Alert>
      ) : null}
      <div style={{ display: 'flex', flexDirection: wide ? 'row' : 'column', gap: wide ? 'var(--mantine-spacing-md)' : 0 }}>
        <EditorTabList tabs={tabs} tab={tab} wide={wide} onSelect={selectTab} />
        <div
          role="tabpanel"
          id={`${tabsId}-panel-${tab}`}
          aria-labelledby={`${tabsId}-tab-${tab}`}
          style={{ flex: 1, minWidth: 0, marginTop: wide ? 0 : 'var(--mantine-spacing-md)' }}
        >
          <Suspense fallback={<Loader size="sm" />}>
            <Panel
              key={tab}
              resimId={saved.id}
              content={draft}
              readOnly={readOnly}
              onChange={editor.change}
              focusId={searchParams.get('item')}
              onOpen={openItem}
              placement={placement}
              history={history}
            />
          </Suspense>
        </div>
      </div>

      {state.conflict ? (
        <ConflictModal
          key={state.conflict.revision}
          opened={dismissedConflict !== state.conflict.revision}
          base={contentOf(saved)}
          mine={draft}
          theirs={state.conflict}
          pending={resolving}
          onResolve={resolve}
          onClose={() => setDismissedConflict(state.conflict?.revision ?? null)}
        />
      ) : null}
      <UnsavedChangesGuard isDirty={editor.hasUnsavedChanges} />
    </>
  );
};
