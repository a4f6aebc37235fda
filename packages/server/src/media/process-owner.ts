import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';

/*
 * Who this process is, for the media journal's entries and the temp-upload folders: a name that
 * a later start, another process or another host never takes, and whether the process behind a
 * name is gone (decision 011).
 */

const HAS_PROC = existsSync('/proc/self/stat');

/**
 * A process's pid and its start time, from /proc (Linux): `state` is its run state (`Z` for a
 * zombie), `started` the clock tick it started at since boot. Null when /proc has no such
 * process; undefined when there is no /proc to ask (another system).
 */
function procStat(pid: number | 'self'): { state: string; started: string } | null | undefined {
  if (!HAS_PROC) return undefined;
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (err) {
    return (err as { code?: string }).code === 'ENOENT' ? null : undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces: count from after it.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const started = fields[19];
  return state && started ? { state, started } : undefined;
}

/** This process's start tick (see procStat), so that a pid reused later is not taken for it. */
const STARTED = procStat('self')?.started;

/**
 * This process, as journal entries and temp folders name it: host, pid (with its start tick
 * where the system tells it) and a random part drawn at start (a restarted container gets the
 * same pid again, not the same random part).
 */
export const PROCESS_OWNER = `${hostname()}:${process.pid}${STARTED ? `-${STARTED}` : ''}:${randomBytes(6).toString('hex')}`;

/** host, pid, the pid's start tick (owners written before it was recorded have none), random. */
const OWNER = /^(.+):(\d+)(?:-(\d+))?:([0-9a-f]+)$/;

/**
 * Whether the process that wrote `owner` is known to be gone: it ran on this host and its pid
 * has no process, or a zombie one (killed, not yet reaped: common in a container whose first
 * process does not reap), or a process started at another tick than it (the pid was reused); or
 * its pid is ours but from an earlier start. A process of another host is not known to be gone:
 * only the lease tells. Where there is no /proc, a pid that answers a signal counts as alive.
 */
export function ownerIsGone(owner: string, self = PROCESS_OWNER): boolean {
  if (owner === self) return false;
  const them = OWNER.exec(owner);
  const us = OWNER.exec(self);
  if (!them || !us || them[1] !== us[1]) return false;
  const pid = Number(them[2]);
  if (pid === Number(us[2])) return true;
  if (pid <= 0) return false;
  const stat = procStat(pid);
  if (stat === null) return true;
  if (stat) {
    if (stat.state === 'Z' || stat.state === 'X') return true;
    return them[3] !== undefined && them[3] !== stat.started;
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as { code?: string }).code === 'ESRCH';
  }
}

/** `owner` as a folder name (`host_pid_random`). */
export function ownerTag(owner = PROCESS_OWNER): string {
  return owner.replaceAll(':', '_');
}

/** The owner a folder name from `ownerTag` stands for, or null for any other name. */
export function ownerOfTag(tag: string): string | null {
  const match = /^(.+)_(\d+(?:-\d+)?)_([0-9a-f]+)$/.exec(tag);
  return match ? `${match[1]}:${match[2]}:${match[3]}` : null;
}
