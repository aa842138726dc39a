// Run after `npm install` changes the lock: node .ci/fix-lock.cjs
// The npm mirror this machine reaches serves no tarballs for some other platforms' native
// binaries, so npm leaves their (optional, never installed here) entries out of the lock and
// `npm ci` then refuses the lock. Write those entries, platform fields only.
const fs = require('fs');
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
const pk = lock.packages;
const platform = (name) => {
  const m = /(android|darwin|freebsd|linux|openharmony|win32)-(arm64|arm|x64|ia32|ppc64|s390x|riscv64|loong64)(?:-(gnu|musl|gnueabihf|musleabihf|eabi|msvc))?$/.exec(name);
  if (!m) throw new Error('no platform in ' + name);
  const entry = { os: [m[1]], cpu: [m[2]] };
  if (m[3] === 'gnu' || m[3] === 'gnueabihf') entry.libc = ['glibc'];
  if (m[3] === 'musl' || m[3] === 'musleabihf') entry.libc = ['musl'];
  return entry;
};
let added = 0;
for (const [path, meta] of Object.entries(pk)) {
  for (const [dep, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    if (pk[key]) continue;
    if (!/^@swc\/core-|^@unrs\/resolver-binding-/.test(dep)) continue;
    pk[key] = { version, dev: true, optional: true, ...platform(dep) };
    added++;
  }
}
const sorted = {};
for (const key of Object.keys(pk).sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0))) sorted[key] = pk[key];
lock.packages = sorted;
fs.writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
console.log('added', added);
