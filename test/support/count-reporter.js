/**
 * Prints one line per run with the numbers of tests run, passed, failed and skipped, and the names
 * of the skipped ones, so that a pass which skipped something says so (`.ci/run` greps the line).
 */
export default class CountReporter {
  onRunComplete(_contexts, results) {
    const skipped = [];
    for (const file of results.testResults) {
      for (const test of file.testResults) {
        if (test.status === 'pending' || test.status === 'skipped' || test.status === 'todo') {
          skipped.push(`${file.testFilePath.replace(process.cwd() + '/', '')}: ${test.fullName}`);
        }
      }
    }
    const run = results.numPassedTests + results.numFailedTests;
    process.stdout.write(
      `\nTEST COUNTS: ${run} run (${results.numPassedTests} passed, ${results.numFailedTests} failed), ${skipped.length} skipped, in ${results.numTotalTestSuites} files\n`,
    );
    for (const name of skipped.slice(0, 50)) process.stdout.write(`  skipped: ${name}\n`);
    if (skipped.length > 50) process.stdout.write(`  ... and ${skipped.length - 50} more skipped\n`);
  }
}
