import os from 'node:os';
import { fmt } from './format';

/** What the results need to say about where and when they were measured. */
export const machineFacts = (started: Date) => {
  const cpus = os.cpus();
  return {
    date: started.toISOString(),
    node: process.version,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    memory: `${fmt(os.totalmem() / 2 ** 30, 1)} GiB`,
  };
};

/** The machine in one phrase, as every result block names it. */
export const describeMachine = (facts: ReturnType<typeof machineFacts>) =>
  `${facts.cpus} CPUs (${facts.cpuModel}), ${facts.memory}, ${facts.os}; Node ${facts.node}`;
