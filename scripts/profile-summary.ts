/**
 * `npx tsx scripts/profile-summary.ts <file.cpuprofile> [seconds]`: where a process spent its CPU,
 * from a `node --cpu-prof` profile: self time by package (or by the shop's own file) and the
 * functions with the most time including what they called. With `seconds`, only the profile's last
 * seconds count (the load, not the start-up). docs/benchmarks-ssr.md shows how it is used.
 */
import fs from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const [file, seconds] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: npx tsx scripts/profile-summary.ts <file.cpuprofile> [seconds]\n');
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

/** A package name for code in node_modules, the file for the shop's own code, else the function. */
function placeOf(frame: CallFrame): string {
  const inModules = frame.url.split('/node_modules/')[1];
  if (inModules)
    return inModules.startsWith('@') ? inModules.split('/').slice(0, 2).join('/') : inModules.split('/')[0]!;
  if (frame.url) return frame.url.replace(/^file:\/\//, '').replace(`${process.cwd()}/`, '');
  return frame.functionName;
}

let clock = profile.startTime;
const stamps = profile.timeDeltas.map((delta) => (clock += delta));
const from = seconds ? clock - Number(seconds) * 1e6 : -Infinity;

const selfTime = new Map<number, number>();
profile.samples.forEach((id, index) => {
  if (stamps[index]! < from) return;
  selfTime.set(id, (selfTime.get(id) ?? 0) + profile.timeDeltas[index]!);
});
const total = [...selfTime.values()].reduce((sum, time) => sum + time, 0);

const byPlace = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, time] of selfTime) {
  const place = placeOf(nodes.get(id)!.callFrame);
  byPlace.set(place, (byPlace.get(place) ?? 0) + time);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const frame = nodes.get(at)!.callFrame;
    const key = `${frame.functionName || '(anonymous)'}  ${placeOf(frame)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + time);
  }
}

const share = (time: number) => `${((time / total) * 100).toFixed(1).padStart(5)} %`;
const top = (map: Map<string, number>, count: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
process.stdout.write(`${(total / 1000).toFixed(0)} ms of samples\n\nSelf time by place:\n`);
for (const [place, time] of top(byPlace, 20)) process.stdout.write(`${share(time)}  ${place}\n`);
process.stdout.write('\nTime including callees:\n');
for (const [key, time] of top(inclusive, 40)) process.stdout.write(`${share(time)}  ${key}\n`);
