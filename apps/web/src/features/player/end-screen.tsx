import { Alert, Badge, Button, Group, List, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { GameScore, GameSnapshot } from '@resim/contracts';
import type { RunView } from '@resim/domain';
import { IconAlertCircle, IconArrowRight, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { Link } from 'wouter';
import { useLearnerApi } from '../../api/api-context';
import type { RunToken } from '../../api/client';
import { capitalise } from '../../ui/format';
import { ConfirmedConclusion } from './conclusions-panel';
import { FactsPanel } from './facts-panel';
import { MeasuresBar } from './measures-bar';
import { MessagesSection } from './messages';
import { PlayerFrame } from './player-frame';
import { useLoaded } from './use-loaded';
import { ScreenHeading } from '../../ui/screen-heading';
import { RunFeedback } from './run-feedback';
import { Keepsakes } from './keepsakes';

const nothingNew: ReadonlySet<string> = new Set();

const endReason = (view: RunView): string => {
  switch (view.ended?.reason) {
    case 'terminated': {
      const measure = view.measures.find((candidate) => candidate.id === view.ended?.measureId);
      return measure ? `${measure.name} reached its limit.` : 'A limit was reached.';
    }
    case 'stopped':
      return 'The presenter stopped the session.';
    default:
      return 'You ended the simulation.';
  }
};

const Figure = ({ label, value }: { label: string; value: string }) => (
  <Paper p="md" radius="md" bg="gray.0" withBorder={false}>
    <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
      {label}
    </Text>
    <Text fz={28} fw={700} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {value}
    </Text>
  </Paper>
);

/**
 * The pass mark's verdict on the run and why, announced when it arrives: the reasons name the
 * points against the mark and each required test missed or harmful test run.
 */
const VerdictCard = ({ verdict }: { verdict: NonNullable<GameScore['verdict']> }) => {
  const Icon = verdict.passed ? IconCircleCheck : IconCircleX;
  return (
    <Alert
      role="status"
      color={verdict.passed ? 'teal' : 'orange'}
      variant="light"
      icon={<Icon size={22} aria-hidden />}
      title={
        <Text component="span" fz="lg" fw={700}>
          {verdict.passed ? 'Passed' : 'Not passed'}
        </Text>
      }
    >
      {verdict.reasons.length > 0 ? (
        <List size="sm" spacing={4}>
          {verdict.reasons.map((reason) => (
            <List.Item key={reason}>{reason}</List.Item>
          ))}
        </List>
      ) : null}
    </Alert>
  );
};

/**
 * Whether the run passed, the score and how the run compares with the answer key, item by item
 * once the learner may see it; rank left out when the scenario hides it.
 */
const ScoreCard = ({ score, view, hideRank }: { score: GameScore; view: RunView; hideRank: boolean }) => {
  const { answers } = score;
  const figures = [
    ...(score.points === null ? [] : [{ label: 'Points', value: String(score.points) }]),
    ...(hideRank || score.rank === null ? [] : [{ label: 'Rank', value: `${score.rank} of ${score.of}` }]),
  ];
  return (
    <Stack gap="md">
      {score.verdict ? <VerdictCard verdict={score.verdict} /> : null}
      {figures.length > 0 ? (
        <SimpleGrid cols={figures.length}>
          {figures.map((figure) => (
            <Figure key={figure.label} {...figure} />
          ))}
        </SimpleGrid>
      ) : null}
      <Stack gap={6}>
        {answers.actionsExpected > 0 ? (
          <Text fz="sm">
            {capitalise(view.text.actions)} from the answer key: <b>{answers.actionsMatched}</b> of {answers.actionsExpected}
          </Text>
        ) : null}
        {answers.conclusionsExpected > 0 ? (
          <Group gap="xs">
            <Text fz="sm">
              {view.text.conclusion} from the answer key: <b>{answers.conclusionsMatched}</b> of {answers.conclusionsExpected}
            </Text>
            <Badge color={answers.correct ? 'teal' : 'orange'} variant="light">
              {answers.correct ? 'Correct' : 'Not quite'}
            </Badge>
          </Group>
        ) : null}
      </Stack>
      {score.feedback ? <RunFeedback feedback={score.feedback} text={view.text} /> : null}
    </Stack>
  );
};

/**
 * A run that has ended: why, the score (GET /scores/...), the feedback the mode held back until
 * now, and the scenario that follows when there is one.
 */
export const EndScreen = ({
  productName,
  snapshot,
  view,
  runToken,
  platform = false,
}: {
  productName: string;
  snapshot: GameSnapshot;
  view: RunView;
  runToken: RunToken;
  /** a learning platform launched the run: the learner goes back to their course, not to another code */
  platform?: boolean;
}) => {
  const api = useLearnerApi();
  const { settings } = snapshot;
  // The rank moves as others finish: asked afresh, with the score the run ended with shown meanwhile.
  // Asked again when the session's phase moves: a stopped live session shows the answer key's verdict.
  const loaded = useLoaded(
    (signal) => api.learn.score(snapshot.resimId, snapshot.gameId, runToken, signal),
    [snapshot.resimId, snapshot.gameId, runToken, snapshot.phase],
    { initial: snapshot.score ?? undefined },
  );
  const scored = loaded.state === 'ready' ? loaded.data : undefined;
  const confirmed = view.conclusions.filter((conclusion) => conclusion.availability === 'done');
  // Only a session a presenter leads goes on after this run: a preview or a self-paced run is simply over.
  const waiting = snapshot.hosted && snapshot.phase !== 'closed';
  const verdicts = new Map(scored?.feedback?.conclusionsConfirmed.map((item) => [item.id, item.correct]));

  return (
    <PlayerFrame productName={productName} width={760}>
      <Stack gap="xl">
        <Paper p={{ base: 'lg', sm: 'xl' }} radius="md" shadow="xs">
          <Stack gap="lg">
            <Stack gap={4}>
              <Text fz="sm" c="dimmed">
                {snapshot.resimName}
              </Text>
              {/* While the others still play, the learner who has ended is told to wait, in the scenario's words. */}
              <ScreenHeading fz={26}>{waiting ? view.text.simulationWaitText : 'The simulation has ended'}</ScreenHeading>
              <Text>{endReason(view)}</Text>
            </Stack>
            {scored ? (
              <ScoreCard score={scored} view={view} hideRank={settings.hideRank} />
            ) : loaded.state === 'failed' ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Your score could not be loaded">
                <Stack gap="xs" align="flex-start">
                  <Text fz="sm">{loaded.error.message}</Text>
                  <Button size="xs" variant="light" onClick={loaded.retry}>
                    Try again
                  </Button>
                </Stack>
              </Alert>
            ) : (
              <Group gap="xs" role="status">
                <Loader size="xs" type="dots" />
                <Text fz="sm" c="dimmed">
                  Counting your score...
                </Text>
              </Group>
            )}
            {scored?.feedback ? (
              <Keepsakes
                gameId={snapshot.gameId}
                resimName={snapshot.resimName}
                runToken={runToken}
                passed={scored.verdict?.passed === true}
              />
            ) : null}
            <MeasuresBar
              measures={view.measures}
              currency={view.currency}
              elapsedMs={scored?.durationMs ?? null}
              hideTime={settings.hideTime}
            />
            {platform ? (
              <Text fz="sm">Your course is told your result. Go back to it to carry on.</Text>
            ) : (
              <Group gap="sm">
                {snapshot.nextResimCode ? (
                  <Button
                    component={Link}
                    to={`/play/${encodeURIComponent(snapshot.nextResimCode)}`}
                    rightSection={<IconArrowRight size={16} />}
                  >
                    Next simulation
                  </Button>
                ) : null}
                {waiting ? null : (
                  <Button component={Link} to="/play" variant={snapshot.nextResimCode ? 'default' : 'filled'}>
                    Join another simulation
                  </Button>
                )}
              </Group>
            )}
          </Stack>
        </Paper>
        {confirmed.length > 0 ? (
          <Stack gap="sm" component="section" aria-labelledby="end-conclusions">
            <Title order={2} fz="lg" id="end-conclusions">
              {view.text.conclusion}
            </Title>
            {confirmed.map((conclusion) => (
              <ConfirmedConclusion key={conclusion.id} conclusion={conclusion} right={verdicts.get(conclusion.id) ?? null} />
            ))}
          </Stack>
        ) : null}
        {/* After the session, what the presenter said is read here, not put in front of the results. */}
        <MessagesSection messages={snapshot.messages} id="end-messages" />
        <FactsPanel
          view={view}
          startedAt={settings.hideTime || snapshot.startedAt === null ? null : Date.parse(snapshot.startedAt)}
          newIds={nothingNew}
        />
      </Stack>
    </PlayerFrame>
  );
};
