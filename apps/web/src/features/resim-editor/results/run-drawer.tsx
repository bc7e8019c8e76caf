import { Badge, Drawer, Group, List, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import type { RunDetail, RunGrade, RunStatement } from '@resim/contracts';
import { byCount, formatMeasureValue, type ScenarioContent } from '@resim/domain';
import { useMemo, useState } from 'react';
import { LoadFailed } from '../../../ui/load-failed';
import { AccommodationBadge } from '../accommodation-badge';
import { namesOf, stepWords } from './audit-wording';
import { formatPoints, runStage, verdictLabel } from './results-format';
import { useRunDetail, useRunGrade, useRunStatements } from './results-queries';
import { EmailRunReportButton, RunCertificate, RunReportButton } from './report-downloads';

/** What the drawer names a run's steps by (the scenario's tests and diagnoses), and what its measures are in. */
type NamedItems = Pick<ScenarioContent, 'actions' | 'conclusions' | 'measures' | 'currency'>;

// Steps come seconds apart, so the run shows the seconds.
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

/** The measures after a step, each in its own terms: money in the scenario's currency, time in its unit. */
const Measures = ({ measures, content }: { measures: RunDetail['measures']; content: NamedItems }) =>
  measures.length === 0 ? null : (
    <Text fz="xs" c="dimmed">
      {measures
        .map((measure) => {
          const defined = content.measures.find((candidate) => candidate.id === measure.id);
          const value = defined
            ? formatMeasureValue(defined.type, measure.value, { currency: content.currency, timeUnit: defined.timeUnit })
            : formatPoints(measure.value);
          return `${measure.name} ${value}`;
        })
        .join(' · ')}
    </Text>
  );

/** Where the run's xAPI statements went, when its space sends them to an LRS: how many sent, waiting, failed, and why. */
const Statements = ({ statements }: { statements: readonly RunStatement[] }) => {
  if (statements.length === 0) return null;
  const count = (status: RunStatement['status']) => statements.filter((statement) => statement.status === status).length;
  const failed = statements.filter((statement) => statement.status === 'failed');
  const waiting = count('queued') + count('sending');
  const parts = [
    `${count('sent')} sent`,
    ...(waiting > 0 ? [`${waiting} waiting`] : []),
    ...(failed.length > 0 ? [`${failed.length} failed`] : []),
  ];
  return (
    <Stack gap={4} aria-label="Learning record store">
      <Title order={3} fz="sm">
        Learning record store
      </Title>
      <Text fz="sm">
        {byCount(statements.length, 'One xAPI statement', `${statements.length} xAPI statements`)}: {parts.join(', ')}.
      </Text>
      {failed[0]?.lastError ? (
        <Text fz="xs" c="red.9">
          {failed[0].lastError}
        </Text>
      ) : null}
    </Stack>
  );
};

/** Where the run's grade went, when a learning platform launched it: sent, waiting or failed, in the platform's words. */
const Grade = ({ grade }: { grade: RunGrade | null }) => {
  if (!grade) return null;
  const score =
    grade.scoreGiven !== null && grade.scoreMaximum !== null
      ? ` (${formatPoints(grade.scoreGiven)} of ${formatPoints(grade.scoreMaximum)})`
      : '';
  const words =
    grade.status === 'sent'
      ? `Sent to ${grade.platform}${score}.`
      : grade.status === 'failed'
        ? `Not sent to ${grade.platform}${score}: it failed after ${byCount(grade.attempts, 'one attempt', `${grade.attempts} attempts`)}.`
        : `Waiting to be sent to ${grade.platform}${score}.`;
  return (
    <Stack gap={4} aria-label="Gradebook">
      <Title order={3} fz="sm">
        Gradebook
      </Title>
      <Text fz="sm">{words}</Text>
      {grade.status !== 'sent' && grade.lastError ? (
        <Text fz="xs" c="red.9">
          {grade.lastError}
        </Text>
      ) : null}
    </Stack>
  );
};

/** The pass mark's verdict on the run, by the version its opening ran, and its reasons. */
const Verdict = ({ verdict }: { verdict: NonNullable<RunDetail['run']['verdict']> }) => {
  const { label, color } = verdictLabel(verdict);
  return (
    <Stack gap={4} aria-label="Pass mark">
      <Group gap="xs">
        <Title order={3} fz="sm">
          Pass mark
        </Title>
        <Badge variant="light" radius="sm" color={color}>
          {label}
        </Badge>
      </Group>
      {verdict.reasons.length > 0 ? (
        <List size="sm" spacing={2}>
          {verdict.reasons.map((reason) => (
            <List.Item key={reason}>{reason}</List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  );
};

const Run = ({
  resimId,
  detail,
  content,
  statements,
  grade,
}: {
  resimId: string;
  detail: RunDetail;
  content: NamedItems;
  statements: readonly RunStatement[];
  grade: RunGrade | null;
}) => {
  const names = useMemo(() => namesOf(content), [content]);
  const stage = runStage(detail.run);
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Badge variant="light" radius="sm" color={stage.color}>
          {stage.label}
        </Badge>
        <Text fz="sm">
          {detail.run.rank === null ? 'Not ranked' : `Rank ${detail.run.rank}`} · {formatPoints(detail.run.points)}{' '}
          {byCount(detail.run.points ?? 0, 'point', 'points')}
        </Text>
        {detail.run.endedAt === null ? null : (
          <>
            <RunReportButton resimId={resimId} gameId={detail.run.id} nickname={detail.run.nickname} />
            {/* An anonymous learner has no address to send it to. */}
            {detail.run.email === null ? null : (
              <EmailRunReportButton resimId={resimId} gameId={detail.run.id} nickname={detail.run.nickname} />
            )}
          </>
        )}
        {detail.run.revision === null ? null : (
          <Badge variant="outline" color="gray" radius="sm" aria-label={`Played revision ${detail.run.revision}`}>
            Revision {detail.run.revision}
          </Badge>
        )}
      </Group>
      {detail.run.verdict ? <Verdict verdict={detail.run.verdict} /> : null}
      {detail.run.verdict?.passed ? <RunCertificate resimId={resimId} gameId={detail.run.id} nickname={detail.run.nickname} /> : null}
      {detail.launchedBy ? (
        <Text fz="sm" aria-label="Launched by">
          {detail.launchedBy.source === 'scorm'
            ? `Launched from a learning platform through a ${detail.launchedBy.name}, where the learner is ${detail.launchedBy.learnerRef}.`
            : `Launched from ${detail.launchedBy.name} (LTI), where the learner is ${detail.launchedBy.learnerRef}.`}
        </Text>
      ) : null}
      {detail.steps.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No steps taken yet.
        </Text>
      ) : (
        <Timeline bulletSize={20} lineWidth={2} aria-label="Steps">
          {detail.steps.map((step) => (
            <Timeline.Item key={step.seq} title={`${step.seq}. ${stepWords(step, names)}`}>
              <Stack gap={4}>
                <Text fz="xs" c="dimmed">
                  {timeFormat.format(new Date(step.at))}
                </Text>
                {step.facts.map((fact) => (
                  <Text key={fact.id} fz="sm">
                    <b>{fact.name}:</b> {fact.text}
                  </Text>
                ))}
                <Measures measures={step.measures} content={content} />
              </Stack>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      <Stack gap={6}>
        <Title order={3} fz="sm">
          Facts the learner has
        </Title>
        {detail.facts.map((fact) => (
          <Text key={`${fact.id}`} fz="sm">
            <b>{fact.name}:</b> {fact.text}
          </Text>
        ))}
        <Measures measures={detail.measures} content={content} />
      </Stack>
      <Statements statements={statements} />
      <Grade grade={grade} />
    </Stack>
  );
};

/** One learner's run, opened from a scoreboard row: every step, what it revealed, the measures after it. */
export const RunDrawer = (props: {
  resimId: string;
  gameId: string | null;
  nickname: string;
  /** the run's time allowance ('+50 % time', 'untimed'), shown beside the name */
  accommodation?: string | null;
  content: NamedItems;
  /** the scenario's space, to say where the run's xAPI statements and grade went */
  spaceId?: string | null;
  onClose: () => void;
}) => {
  // The run last opened stays in the drawer while it slides away, named and not loading again.
  const opened = { resimId: props.resimId, gameId: props.gameId, nickname: props.nickname, accommodation: props.accommodation ?? null };
  const [shown, setShown] = useState(opened);
  if (
    props.gameId !== null &&
    (props.gameId !== shown.gameId ||
      props.resimId !== shown.resimId ||
      props.nickname !== shown.nickname ||
      opened.accommodation !== shown.accommodation)
  )
    setShown(opened);
  const run = useRunDetail(shown.resimId, shown.gameId);
  const statements = useRunStatements(props.spaceId ?? null, shown.gameId);
  const grade = useRunGrade(props.spaceId ?? null, shown.gameId);
  return (
    <Drawer
      opened={props.gameId !== null}
      onClose={props.onClose}
      position="right"
      size="md"
      title={
        <Group gap="xs" wrap="wrap" component="span">
          <Text fw={600} span>
            {shown.nickname}
          </Text>
          {shown.accommodation ? <AccommodationBadge label={shown.accommodation} /> : null}
        </Group>
      }
    >
      {run.isPending ? (
        <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the run">
          <Skeleton height={24} width={200} />
          <Skeleton height={200} />
        </Stack>
      ) : run.isError && !run.data ? (
        <LoadFailed what="The run" onRetry={() => void run.refetch()} />
      ) : (
        <Run
          resimId={shown.resimId}
          detail={run.data}
          content={props.content}
          statements={statements.data ?? []}
          grade={grade.data?.grade ?? null}
        />
      )}
    </Drawer>
  );
};
