import { Table, Text } from '@mantine/core';
import type { LearnerResult, LearnerScoreboard, OpeningScoreboard, ScenarioScoreboard, ScoreboardScenario } from '@resim/contracts';
import { formatMeasureValue } from '@resim/domain';
import { formatDateTime } from '../../ui/format';

/** The most rows shown; the files hold them all. */
export const shownRows = 200;

/** A score as its measure reads: money in the scenario's currency, time in its unit. */
const score = (value: number | null, scenario: ScoreboardScenario | undefined) =>
  value === null ? '–' : scenario ? formatMeasureValue(scenario.scoreUnits.type, value, scenario.scoreUnits) : String(value);

const named = (scenarios: readonly ScoreboardScenario[]) => new Map(scenarios.map((scenario) => [scenario.id, scenario]));

/** A learner's result in one scenario: the best finished score and its rank, or why there is none. */
const ResultCell = ({ result, scenario }: { result: LearnerResult | undefined; scenario: ScoreboardScenario }) => {
  if (!result) return <Text c="dimmed">–</Text>;
  if (result.score === null)
    return (
      <Text c="dimmed" fz="sm">
        {result.runs > 0 && result.finished === 0 ? 'In progress' : '–'}
      </Text>
    );
  return (
    <Text fz="sm">
      <Text span fw={600}>
        {score(result.score, scenario)}
      </Text>
      {result.rank === null ? null : (
        <Text span c="dimmed" fz="xs">
          {' '}
          #{result.rank}
        </Text>
      )}
    </Text>
  );
};

/** Learners down, scenarios across. */
export const LearnerGrid = ({ board }: { board: LearnerScoreboard }) => (
  <Table.ScrollContainer minWidth={320 + board.scenarios.length * 140}>
    <Table striped highlightOnHover stickyHeader verticalSpacing="xs" aria-label="Results by learner">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Learner</Table.Th>
          {board.scenarios.map((scenario) => (
            <Table.Th key={scenario.id} scope="col">
              {scenario.resimName}
              <Text c="dimmed" fz="xs" fw={400}>
                {scenario.scoreLabel}
                {scenario.lowerIsBetter ? ', lower is better' : ''}
              </Text>
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {board.learners.slice(0, shownRows).map((learner) => (
          <Table.Tr key={learner.email}>
            <Table.Th scope="row" fw={500}>
              {learner.email}
            </Table.Th>
            {board.scenarios.map((scenario) => (
              <Table.Td key={scenario.id}>
                <ResultCell result={learner.results[scenario.id]} scenario={scenario} />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);

export const ScenarioTable = ({ board }: { board: ScenarioScoreboard }) => {
  const scenarios = named(board.scenarios);
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover stickyHeader verticalSpacing="xs" aria-label="Results by scenario">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Scenario</Table.Th>
            <Table.Th scope="col">Rank</Table.Th>
            <Table.Th scope="col">Learner</Table.Th>
            <Table.Th scope="col">Best score</Table.Th>
            <Table.Th scope="col">Runs (finished)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {board.rows.slice(0, shownRows).map((row) => (
            <Table.Tr key={`${row.resimId} ${row.email}`}>
              <Table.Td>{scenarios.get(row.resimId)?.resimName}</Table.Td>
              <Table.Td>{row.rank ?? '–'}</Table.Td>
              <Table.Td>{row.email}</Table.Td>
              <Table.Td>
                {score(row.score, scenarios.get(row.resimId))}{' '}
                <Text span c="dimmed" fz="xs">
                  {scenarios.get(row.resimId)?.scoreLabel}
                </Text>
              </Table.Td>
              <Table.Td>
                {row.runs} ({row.finished})
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

export const OpeningTable = ({ board }: { board: OpeningScoreboard }) => {
  const scenarios = named(board.scenarios);
  // Without a pass mark in any version played there are no verdicts: the column would stay empty.
  const judged = board.rows.some((row) => row.verdict !== null);
  const openedAt = new Map(board.scenarios.flatMap((scenario) => scenario.openings.map((opening) => [opening.id, opening.created])));
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover stickyHeader verticalSpacing="xs" aria-label="Results by opening">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Scenario</Table.Th>
            <Table.Th scope="col">Opened</Table.Th>
            <Table.Th scope="col">Rank</Table.Th>
            <Table.Th scope="col">Learner</Table.Th>
            <Table.Th scope="col">Score</Table.Th>
            <Table.Th scope="col">Diagnosis</Table.Th>
            {judged ? <Table.Th scope="col">Result</Table.Th> : null}
            <Table.Th scope="col">Ended</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {board.rows.slice(0, shownRows).map((row, at) => (
            <Table.Tr key={`${row.instanceId} ${at}`}>
              <Table.Td>{scenarios.get(row.resimId)?.resimName}</Table.Td>
              <Table.Td>{formatDateTime(openedAt.get(row.instanceId) ?? row.instanceId)}</Table.Td>
              <Table.Td>{row.rank ?? '–'}</Table.Td>
              <Table.Td>
                {row.nickname}
                {row.email ? (
                  <Text c="dimmed" fz="xs">
                    {row.email}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{score(row.score, scenarios.get(row.resimId))}</Table.Td>
              <Table.Td>
                {row.diagnosis.length > 0 ? row.diagnosis.join(', ') : '–'}
                {row.answerKey ? (
                  <Text span fz="xs" fw={600} c={row.answerKey === 'right' ? 'teal.9' : 'red.9'}>
                    {' '}
                    {row.answerKey === 'right' ? 'right' : 'wrong'}
                  </Text>
                ) : null}
              </Table.Td>
              {judged ? (
                <Table.Td>
                  {row.verdict ? (
                    <>
                      <Text span fz="sm" fw={600} c={row.verdict.passed ? 'teal.9' : 'red.9'}>
                        {row.verdict.passed ? 'Passed' : 'Failed'}
                      </Text>
                      {row.verdict.reasons.map((reason) => (
                        <Text key={reason} c="dimmed" fz="xs">
                          {reason}
                        </Text>
                      ))}
                    </>
                  ) : (
                    '–'
                  )}
                </Table.Td>
              ) : null}
              <Table.Td>{row.endedAt ? formatDateTime(row.endedAt) : row.startedAt ? 'In progress' : 'Waiting'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
