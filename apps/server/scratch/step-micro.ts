import { applyEvent, runScore, runView, scenarioContent, settleRun, snapshotChange, startRun, type RunState } from '@resim/domain';

const actions = Array.from({ length: 100 }, (_, at) => ({ id: `act${at + 1}`, name: `Test ${at + 1}`, stage: 'stg1', facts: `result ${at + 1}`, impact: [{ measureId: 'points', value: 1 }] }));
const doc = { resimName: 'B', mode: 2, allowAnonymous: true, stages: [{ id: 'stg1', name: 'Ward', default: true }], measures: [{ id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 }], actions, conclusions: [{ id: 'conc1', name: 'D1', stage: 'stg1' }, { id: 'conc2', name: 'D2', stage: 'stg1' }] };
const scenario = scenarioContent.parse(doc);
const runs = 2000, steps = 30;
const states: RunState[] = Array.from({ length: runs }, () => startRun(scenario, 1000));
const sent: object[] = states.map((state) => ({ eventCount: 0, serverTime: 1000, phase: 'open', view: runView(scenario, state, 1000) }));
const t0 = process.hrtime.bigint();
const cpu0 = process.cpuUsage();
let bytes = 0;
const parts = { engine: 0n, json: 0n, view: 0n, diff: 0n, out: 0n };
for (let k = 1; k <= steps; k++) {
  for (let r = 0; r < runs; r++) {
    const at = 1000 + k * 1000 + r;
    const a = process.hrtime.bigint();
    const result = applyEvent(scenario, settleRun(scenario, states[r]!, at), { type: 'runAction', actionId: `act${k}`, at });
    if (!result.ok) throw new Error(result.error.message);
    const b = process.hrtime.bigint();
    const text = JSON.stringify(result.state);
    const c = process.hrtime.bigint();
    states[r] = result.state;
    const snapshot = { eventCount: k, serverTime: at, phase: 'open', view: runView(scenario, settleRun(scenario, result.state, at), at) };
    const d = process.hrtime.bigint();
    const { delta, shared } = snapshotChange(sent[r]!, snapshot);
    sent[r] = shared;
    const e = process.hrtime.bigint();
    bytes += JSON.stringify(delta).length + text.length * 0;
    const f = process.hrtime.bigint();
    parts.engine += b - a; parts.json += c - b; parts.view += d - c; parts.diff += e - d; parts.out += f - e;
  }
}
const total = Number(process.hrtime.bigint() - t0) / 1e3 / (runs * steps);
const cpu = process.cpuUsage(cpu0);
console.log(`cpu ${((cpu.user + cpu.system) / (runs * steps)).toFixed(1)} µs/step; wall ${total.toFixed(1)} µs; ${Object.entries(parts).map(([k, v]) => `${k} ${(Number(v) / 1e3 / (runs * steps)).toFixed(1)}`).join(', ')}; delta ${(bytes / runs / steps).toFixed(0)} B`);
void runScore;
