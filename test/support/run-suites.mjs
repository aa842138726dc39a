// `npm test`'s runner (after the build): every suite, as two Jest processes at once, the browser
// suites in one and all the others in the other. A browser test spends much of its time waiting on
// Chromium and the page, an end-to-end or store test keeps one core busy with the API and its
// database, so the two share the machine's cores well; one Jest process with two workers would now
// and then run two browser files side by side instead. Each process runs its files one after
// another, as jest.config.js says. The output of both goes to this terminal as it comes (each
// file's result is one block naming the file); the last line adds up their "TEST COUNTS" lines.
//
// `TEST_PROCESSES=1 npm test` runs everything in one process, one file after another; arguments
// (`npm test -- test/e2e`) are Jest's and run in one process too.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const JEST = ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js'];
const extra = process.argv.slice(2);
const together = extra.length === 0 && process.env.TEST_PROCESSES !== '1' && availableParallelism() >= 2;
const groups = together
  ? [
      { name: 'browser', args: ['/test/browser/'] },
      { name: 'other', args: ['--testPathIgnorePatterns', '/test/browser/'] },
    ]
  : [{ name: 'all', args: extra }];

const COUNTS = /^TEST COUNTS: (\d+) run \((\d+) passed, (\d+) failed\), (\d+) skipped, in (\d+) files$/m;

const children = new Set();

/** Runs one Jest process, passing its output through; resolves with its exit code and its output. */
const run = ({ args }) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [...JEST, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });

// Stopped (Ctrl-C, CI's time limit): the Jest processes stop too, not left running on their own.
const stopAll = (signal) => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(signal === 'SIGINT' ? 130 : 143);
};
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);

const results = await Promise.all(groups.map(run));
if (together) {
  const sums = [0, 0, 0, 0, 0];
  const missing = [];
  results.forEach(({ output }, index) => {
    const match = COUNTS.exec(output);
    if (!match) missing.push(groups[index].name);
    else match.slice(1).forEach((value, i) => (sums[i] += Number(value)));
  });
  const [ran, passed, failed, skipped, files] = sums;
  for (const [index, { code }] of results.entries()) console.log(`${groups[index].name} suites: exit ${code}`);
  if (missing.length) console.log(`no TEST COUNTS from: ${missing.join(', ')}`);
  console.log(`\nTEST COUNTS: ${ran} run (${passed} passed, ${failed} failed), ${skipped} skipped, in ${files} files`);
}
process.exit(results.some(({ code }) => code !== 0) ? 1 : 0);
