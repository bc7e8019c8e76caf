/** What Linux says about a process (ours or a child): memory, CPU time, the open-file limit. Read from /proc. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const statusField = (pid: number | 'self', field: string): number | undefined => {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((candidate) => candidate.startsWith(`${field}:`));
    const kib = line ? Number(line.split(/\s+/)[1]) : Number.NaN;
    return Number.isFinite(kib) ? kib * 1024 : undefined;
  } catch {
    return undefined;
  }
};

/** Resident memory now and at its peak, in bytes; undefined where /proc is not there (not Linux) or the process is gone. */
export const memoryOf = (pid: number | 'self') => ({ rss: statusField(pid, 'VmRSS'), peak: statusField(pid, 'VmHWM') });

let ticksPerSecond: number | undefined;
const clockTicks = (): number => {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
};

/** CPU seconds (user + system) the process has used so far; undefined where it cannot be read. */
export const cpuSecondsOf = (pid: number): number | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields are counted from its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return Number.isFinite(utime) && Number.isFinite(stime) ? (utime + stime) / clockTicks() : undefined;
  } catch {
    return undefined;
  }
};

/** CPU seconds several processes have used so far, together; undefined where any cannot be read. */
export const cpuSecondsOfAll = (pids: readonly number[]): number | undefined => {
  let sum = 0;
  for (const pid of pids) {
    const seconds = cpuSecondsOf(pid);
    if (seconds === undefined) return undefined;
    sum += seconds;
  }
  return sum;
};

/** Resident memory of several processes, now and each at its peak, summed; undefined where any cannot be read. */
export const memoryOfAll = (pids: readonly number[]) => {
  const each = pids.map((pid) => memoryOf(pid));
  const sum = (values: (number | undefined)[]) =>
    values.some((value) => value === undefined) ? undefined : values.reduce<number>((total, value) => total + value!, 0);
  return { rss: sum(each.map((memory) => memory.rss)), peak: sum(each.map((memory) => memory.peak)) };
};

/** This process's soft limit of open files (what `ulimit -n` shows), which children inherit; undefined if unknown. */
export const openFileLimit = (): number | undefined => {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((candidate) => candidate.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    if (soft === 'unlimited') return Number.POSITIVE_INFINITY;
    const value = Number(soft);
    return Number.isFinite(value) ? value : undefined;
  } catch {
    return undefined;
  }
};
