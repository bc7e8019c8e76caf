/**
 * The learners' side of the live-session benchmark: many WebSockets to one server from this one
 * process, opened with bounded concurrency, then driven open-loop at a fixed total rate: each
 * action is sent when its time comes, whatever is still waiting for an answer, round-robin over
 * the learners. Each round trip is timed from just before the send to the arrival of its result.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { cpuSecondsOfAll } from './proc';
import { sleep } from './sleep';
import { forEachLimit, spread, type Spread } from './stats';

/** Milliseconds on the monotonic high-resolution clock. */
export const now = () => Number(process.hrtime.bigint()) / 1e6;

/** What went wrong, by kind, with the first few examples of each, so that a failed run says why. */
const createProblems = () => {
  const kinds = new Map<string, { count: number; examples: string[] }>();
  return {
    add: (kind: string, example: string, count = 1) => {
      const entry = kinds.get(kind) ?? { count: 0, examples: [] };
      entry.count += count;
      if (entry.examples.length < 3) entry.examples.push(example.slice(0, 300));
      kinds.set(kind, entry);
    },
    count: () => [...kinds.values()].reduce((sum, entry) => sum + entry.count, 0),
    describe: () => [...kinds].map(([kind, entry]) => `${kind}: ${entry.count} (e.g. ${entry.examples.join(' | ')})`),
  };
};

/** A result as the product sends it; only what the check reads. */
export type ResultMessage = {
  type: 'result';
  requestId: string;
  ok: boolean;
  delta?: {
    set?: { eventCount?: unknown };
    patch?: { view?: { splice?: { actions?: [number, number, ...{ id: string; availability: string }[]][] } } };
  };
  error?: { code: string; message: string };
};

export type DriveOptions = {
  /** actions per second, over all learners */
  rate: number;
  warmupSeconds: number;
  seconds: number;
  /** the id of a learner's k-th action (k from 1) */
  actionId: (k: number) => string;
  /** looks at one result in `checkEvery`: a problem to report, or undefined */
  check?: (result: ResultMessage, k: number, actionId: string) => string | undefined;
  checkEvery: number;
  /**
   * Once every action is sent, the answers still owed are awaited while they keep coming: until
   * none came for `quietMs`, or for at most `maxMs` (a server that fell behind answers late, and
   * those late answers are its round trips).
   */
  drain: { quietMs: number; maxMs: number };
  /** the server's processes, whose CPU time together over the measured window is reported */
  serverPids?: readonly number[];
};

export type Driven = {
  /** actions sent in the measured window, and how many were answered ok */
  measuredSent: number;
  measuredAnswered: number;
  /** ok results of the measured window per second, from its first scheduled send to its last result */
  achievedRate: number;
  /** from the last send to the last result, s: how far behind the server was when the load stopped */
  drainSeconds: number;
  /** send → result, ms, for every measured action answered ok */
  latency: Spread;
  /** how late each measured send went out after its scheduled time, ms (the client's own delay) */
  sendLag: Spread;
  /** the client's event-loop delay over the measured window, ms */
  clientLoopDelay: { p99: number; max: number };
  /** CPU used over the measured window, as a share of one core */
  clientCpu: number;
  serverCpu: number | undefined;
  /** the server's CPU ms per action answered, from the window's start until the last answer came */
  serverCpuPerAction: number | undefined;
  /** bytes of the measured ok results, and one of them (the whole message) of about the median size */
  resultBytes: Spread;
  typicalResult: string | undefined;
};

const resultPrefix = '{"type":"result","requestId":"';

/** A message the server sent of its own accord (the first snapshot included), as parsed. */
export type PushMessage = { type: 'snapshot' | 'delta' | 'message'; snapshot?: unknown; delta?: unknown };

/** `observe` sees every message but results (the first snapshot, pushes), with the time it arrived and its text. */
export type LearnerSocketsOptions = { observe?: (learner: number, message: PushMessage, at: number, text: string) => void };

/** N learners' sockets to one server: `urls[i]` is learner i's. */
export const createLearnerSockets = (urls: readonly string[], { observe }: LearnerSocketsOptions = {}) => {
  const count = urls.length;
  const sockets: (WebSocket | undefined)[] = new Array<WebSocket | undefined>(count);
  const problems = createProblems();
  let closing = false;
  let pushes = 0;
  let greeting: string | undefined;

  const parse = (text: string): { type?: unknown } | undefined => {
    try {
      return JSON.parse(text) as { type?: unknown };
    } catch {
      return undefined;
    }
  };
  const isPush = (message: { type?: unknown } | undefined): message is PushMessage =>
    message?.type === 'snapshot' || message?.type === 'delta' || message?.type === 'message';

  /** Anything but a result: the product may push snapshots, deltas and presenter messages; errors are problems. */
  const unsolicited = (learner: number, data: Buffer) => {
    const at = now();
    const text = data.toString();
    const message = parse(text);
    if (!message) return problems.add('not JSON', text);
    if (!isPush(message)) return problems.add(`unexpected ${String(message.type)} message`, `learner ${learner}: ${text}`);
    pushes++;
    observe?.(learner, message, at, text);
  };
  let onData: (learner: number, data: Buffer) => void = unsolicited;

  /** Opens learner i's socket; resolves with the time to its first message, a snapshot. */
  const openOne = (learner: number, timeoutMs: number) =>
    new Promise<{ ms: number; bytes: number }>((resolve, reject) => {
      const started = now();
      const socket = new WebSocket(urls[learner]!, { perMessageDeflate: false, handshakeTimeout: timeoutMs });
      sockets[learner] = socket;
      // Until its first message a socket is 'opening'; a failed one is given up, and what it says after is not counted again.
      let state: 'opening' | 'open' | 'failed' = 'opening';
      const fail = (why: string) => {
        if (state !== 'opening') return;
        state = 'failed';
        clearTimeout(timer);
        socket.terminate();
        reject(new Error(`learner ${learner}: ${why}`));
      };
      const timer = setTimeout(() => fail(`no snapshot within ${timeoutMs / 1000} s`), timeoutMs);
      socket.on('message', (data: Buffer) => {
        if (state === 'open') return onData(learner, data);
        if (state === 'failed') return;
        const at = now();
        const text = data.toString();
        const message = parse(text);
        if (!isPush(message) || message.type !== 'snapshot') return fail(`the first message was not a snapshot: ${text.slice(0, 300)}`);
        state = 'open';
        clearTimeout(timer);
        greeting ??= text;
        observe?.(learner, message, at, text);
        resolve({ ms: at - started, bytes: data.length });
      });
      socket.on('error', (error) => {
        if (state === 'open') problems.add('socket error', `learner ${learner}: ${error.message}`);
        else fail(error.message);
      });
      socket.on('close', (code, reason) => {
        if (state === 'open' && !closing) problems.add('closed by the server', `learner ${learner}: ${code} ${reason.toString()}`);
        else fail(`closed before its snapshot (${code} ${reason.toString()})`);
      });
    });

  /**
   * Opens every socket, at most `concurrency` at a time, each done once its first snapshot is in.
   * Stops early once `maxFailures` failed (a server that is down would otherwise take every timeout).
   */
  const connect = async ({
    concurrency,
    timeoutMs,
    maxFailures = 20,
  }: {
    concurrency: number;
    timeoutMs: number;
    maxFailures?: number;
  }) => {
    const perSocket: number[] = [];
    const greetingBytes: number[] = [];
    let failures = 0;
    const started = now();
    await forEachLimit(count, concurrency, async (learner) => {
      try {
        const opened = await openOne(learner, timeoutMs);
        perSocket.push(opened.ms);
        greetingBytes.push(opened.bytes);
      } catch (error) {
        failures++;
        problems.add('connect failed', error instanceof Error ? error.message : String(error));
        if (failures >= maxFailures) throw new Error(`${failures} sockets failed to connect: ${problems.describe().join('; ')}`);
      }
    });
    return {
      connected: perSocket.length,
      seconds: (now() - started) / 1000,
      perSocket: spread(perSocket),
      greetingBytes: spread(greetingBytes),
      /** the first snapshot a socket was sent, whole, as the server wrote it */
      greeting,
    };
  };

  /** Sends actions at a fixed total rate, warm-up first (not measured), and waits for the last answers. */
  const drive = async (options: DriveOptions): Promise<Driven> => {
    const { rate, actionId, check, checkEvery } = options;
    const total = Math.round(rate * (options.warmupSeconds + options.seconds));
    const firstMeasured = Math.round(rate * options.warmupSeconds);
    const interval = 1000 / rate;
    const sentAt = new Float64Array(total);
    const doneAt = new Float64Array(total);
    const outcome = new Uint8Array(total); // 0 waiting, 1 ok, 2 refused or not sent
    const lag = new Float64Array(total - firstMeasured);
    const sizes: number[] = [];
    const samples: string[] = [];
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    let sent = 0;
    let settled = 0;
    let start = 0;
    let cpuAtStart = process.cpuUsage();
    let serverCpuAtStart: number | undefined;
    let serverCpuAtFinish: number | undefined;
    let windowCpu = { client: 0, server: undefined as number | undefined };
    let windowStart = 0;
    let lastSend = 0;
    let lastAnswer = 0;
    let finish = () => {};
    // A first reading, so that the one at the window's start is a plain file read.
    const serverCpu = () => (options.serverPids === undefined ? undefined : cpuSecondsOfAll(options.serverPids));
    serverCpu();

    onData = (learner, data) => {
      const at = now();
      const head = data.toString('latin1', 0, Math.min(data.length, 96));
      if (!head.startsWith(resultPrefix)) return unsolicited(learner, data);
      const end = head.indexOf('"', resultPrefix.length);
      const seq = end > 0 ? Number(head.slice(resultPrefix.length, end)) : Number.NaN;
      if (!Number.isInteger(seq) || seq < 0 || seq >= sent || outcome[seq] !== 0 || seq % count !== learner) {
        problems.add('unexpected result', `learner ${learner}: ${head}`);
        return;
      }
      settled++;
      lastAnswer = at;
      const k = Math.floor(seq / count) + 1;
      if (head.startsWith('","ok":true,', end)) {
        outcome[seq] = 1;
        doneAt[seq] = at;
        if (seq >= firstMeasured) sizes.push(data.length);
        if (seq % checkEvery === 0) {
          const text = data.toString();
          try {
            const problem = check?.(JSON.parse(text) as ResultMessage, k, actionId(k));
            if (problem) problems.add('wrong result', `learner ${learner}, action ${k}: ${problem}`);
          } catch (error) {
            problems.add('unreadable result', `learner ${learner}: ${String(error)}`);
          }
          if (seq >= firstMeasured && samples.length < 1000) samples.push(text);
        }
      } else {
        outcome[seq] = 2;
        let why = head;
        try {
          const result = JSON.parse(data.toString()) as ResultMessage;
          why = `${result.error?.code ?? '?'}: ${result.error?.message ?? JSON.stringify(result).slice(0, 200)}`;
        } catch {
          // keep the head
        }
        problems.add('refused', `learner ${learner}, action ${actionId(k)}: ${why}`);
      }
      if (sent === total && settled === total) finish();
    };

    const markStart = () => {
      windowStart = start + firstMeasured * interval;
      cpuAtStart = process.cpuUsage();
      serverCpuAtStart = serverCpu();
      loopDelay.enable();
    };
    const markEnd = () => {
      loopDelay.disable();
      const seconds = (now() - windowStart) / 1000;
      const used = process.cpuUsage(cpuAtStart);
      const serverCpuNow = serverCpu();
      windowCpu = {
        client: (used.user + used.system) / 1e6 / seconds,
        server: serverCpuNow !== undefined && serverCpuAtStart !== undefined ? (serverCpuNow - serverCpuAtStart) / seconds : undefined,
      };
    };

    await new Promise<void>((resolve) => {
      let drainTimer: NodeJS.Timeout | undefined;
      finish = () => {
        clearInterval(drainTimer);
        serverCpuAtFinish = serverCpu();
        resolve();
      };
      start = now();
      const tick = () => {
        const due = Math.min(total, Math.floor((now() - start) / interval) + 1);
        while (sent < due) {
          const seq = sent++;
          if (seq === firstMeasured) markStart();
          const learner = seq % count;
          const socket = sockets[learner];
          const id = actionId(Math.floor(seq / count) + 1);
          if (!socket || socket.readyState !== WebSocket.OPEN) {
            outcome[seq] = 2;
            settled++;
            problems.add('socket not open', `learner ${learner}, action ${id}`);
            continue;
          }
          const at = now();
          sentAt[seq] = at;
          if (seq >= firstMeasured) lag[seq - firstMeasured] = at - (start + seq * interval);
          socket.send(`{"type":"event","requestId":"${seq}","event":{"type":"runAction","actionId":"${id}"}}`);
        }
        if (sent < total) {
          setTimeout(tick, 1);
          return;
        }
        markEnd();
        lastSend = now();
        if (settled === total) return finish();
        drainTimer = setInterval(() => {
          const at = now();
          if (at - Math.max(lastSend, lastAnswer) > options.drain.quietMs || at - lastSend > options.drain.maxMs) finish();
        }, 100);
      };
      tick();
    });
    onData = unsolicited;

    // Every answer since the window's start, the warm-up's late ones too: the server's work over that time.
    let answeredInWindow = 0;
    for (let seq = 0; seq < total; seq++) if (outcome[seq] === 1 && doneAt[seq]! >= windowStart) answeredInWindow++;
    const latencies: number[] = [];
    let lastDone = windowStart;
    for (let seq = firstMeasured; seq < total; seq++) {
      if (outcome[seq] !== 1) continue;
      latencies.push(doneAt[seq]! - sentAt[seq]!);
      if (doneAt[seq]! > lastDone) lastDone = doneAt[seq]!;
    }
    const unanswered = total - settled;
    if (unanswered > 0) {
      const quiet = now() - Math.max(lastSend, lastAnswer) > options.drain.quietMs;
      const why = quiet
        ? `no answer came for ${options.drain.quietMs / 1000} s`
        : `still owed ${options.drain.maxMs / 1000} s after the last send`;
      problems.add('no answer', `${unanswered} actions: ${why}`, unanswered);
    }

    const resultBytes = spread(sizes);
    const typicalResult = samples.reduce<string | undefined>(
      (best, text) =>
        best === undefined || Math.abs(Buffer.byteLength(text) - resultBytes.p50) < Math.abs(Buffer.byteLength(best) - resultBytes.p50)
          ? text
          : best,
      undefined,
    );
    return {
      measuredSent: total - firstMeasured,
      measuredAnswered: latencies.length,
      achievedRate: lastDone > windowStart ? latencies.length / ((lastDone - windowStart) / 1000) : 0,
      drainSeconds: Math.max(0, (lastAnswer - lastSend) / 1000),
      latency: spread(latencies),
      sendLag: spread(lag),
      clientLoopDelay: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
      clientCpu: windowCpu.client,
      serverCpu: windowCpu.server,
      serverCpuPerAction:
        serverCpuAtFinish !== undefined && serverCpuAtStart !== undefined && answeredInWindow > 0
          ? ((serverCpuAtFinish - serverCpuAtStart) * 1000) / answeredInWindow
          : undefined,
      resultBytes,
      typicalResult,
    };
  };

  /** Closes every socket (terminating those that do not close in time). */
  const close = async (timeoutMs = 10_000) => {
    closing = true;
    const open = sockets.filter((socket): socket is WebSocket => socket !== undefined && socket.readyState !== WebSocket.CLOSED);
    const closed = Promise.all(
      open.map(
        (socket) =>
          new Promise<void>((resolve) => {
            socket.once('close', () => resolve());
            socket.close(1000, 'done');
          }),
      ),
    );
    await Promise.race([closed, sleep(timeoutMs)]);
    for (const socket of open) if (socket.readyState !== WebSocket.CLOSED) socket.terminate();
  };

  return {
    connect,
    drive,
    close,
    /** problems so far: nothing may go wrong in a valid run */
    problemCount: () => problems.count(),
    describeProblems: () => problems.describe(),
    /** snapshots and messages the server pushed besides the results */
    pushes: () => pushes,
  };
};
export type LearnerSockets = ReturnType<typeof createLearnerSockets>;
