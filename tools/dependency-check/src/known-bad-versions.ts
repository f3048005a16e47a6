/**
 * npm releases known to have been malicious (a hijacked maintainer account, a planted dependency, protestware
 * that breaks or harms the machine). npm takes such versions down, but a lockfile written before that, a
 * mirror or a cache can still hold them; CI fails if package-lock.json names one. Offline on purpose: `npm audit`
 * cannot reach the advisory database from these machines. Add an entry when an advisory names a package this
 * kind of project could pull in; `source` says where it was reported.
 */
export interface KnownBadRelease {
  name: string;
  versions: readonly string[];
  what: string;
  source: string;
}

export const KNOWN_BAD_RELEASES: readonly KnownBadRelease[] = [
  { name: 'event-stream', versions: ['3.3.6'], what: 'pulled in flatmap-stream, which stole cryptocurrency wallets (2018)', source: 'npm blog, 2018-11-26' },
  { name: 'flatmap-stream', versions: ['0.1.1'], what: 'the malicious payload behind event-stream 3.3.6 (2018)', source: 'npm blog, 2018-11-26' },
  { name: 'eslint-scope', versions: ['3.7.2'], what: 'stole npm tokens from .npmrc (2018)', source: 'ESLint post-mortem, 2018-07-12' },
  { name: 'ua-parser-js', versions: ['0.7.29', '0.8.0', '1.0.0'], what: 'installed a password stealer and a miner (2021)', source: 'GHSA-pjwm-rvh2-c87w' },
  { name: 'coa', versions: ['2.0.3', '2.0.4', '2.1.1', '2.1.3', '3.0.1', '3.1.3'], what: 'hijacked releases running a password stealer (2021)', source: 'GHSA-73qr-pfmq-6rp8' },
  { name: 'rc', versions: ['1.2.9', '1.3.9', '2.3.9'], what: 'hijacked releases running a password stealer (2021)', source: 'GHSA-g2q5-5433-rhrf' },
  { name: 'colors', versions: ['1.4.1', '1.4.2', '1.4.44-liberty-2'], what: 'protestware: prints garbage in an endless loop (2022)', source: 'GHSA-5rqg-jm4f-cqx7' },
  { name: 'faker', versions: ['6.6.6'], what: 'protestware: the library emptied (2022)', source: 'npm advisory, 2022-01' },
  { name: 'node-ipc', versions: ['9.2.2', '10.1.1', '10.1.2', '10.1.3'], what: 'protestware: overwrote files on some machines (2022)', source: 'CVE-2022-23812' },
  { name: '@lottiefiles/lottie-player', versions: ['2.0.5', '2.0.6', '2.0.7'], what: 'drained visitors\' crypto wallets (2024)', source: 'LottieFiles incident report, 2024-10-31' },
  { name: '@rspack/core', versions: ['1.1.7'], what: 'stolen publish token: a cryptocurrency miner (2024)', source: 'Rspack security advisory, 2024-12-19' },
  { name: '@rspack/cli', versions: ['1.1.7'], what: 'stolen publish token: a cryptocurrency miner (2024)', source: 'Rspack security advisory, 2024-12-19' },
  { name: '@solana/web3.js', versions: ['1.95.6', '1.95.7'], what: 'stole private keys (2024)', source: 'GHSA-jcxm-7wvp-g6p5' },
  { name: 'eslint-config-prettier', versions: ['8.10.1', '9.1.1', '10.1.6', '10.1.7'], what: 'phished maintainer: a Windows malware loader (2025)', source: 'CVE-2025-54313' },
  { name: 'is', versions: ['3.3.1', '5.0.0'], what: 'phished maintainer: a remote-access loader (2025)', source: 'npm incident, 2025-07' },
  { name: 'nx', versions: ['20.9.0', '20.10.0', '20.11.0', '20.12.0', '21.5.0', '21.6.0', '21.7.0', '21.8.0'], what: '"s1ngularity": stole tokens and keys (2025)', source: 'GHSA-cxm3-wv7p-598c' },
  // 2025-09-08: one phished maintainer account, eighteen very common packages, a browser crypto-wallet drainer.
  { name: 'chalk', versions: ['5.6.1'], what: 'crypto-wallet drainer (2025)', source: 'npm incident, 2025-09-08' },
  { name: 'debug', versions: ['4.4.2'], what: 'crypto-wallet drainer (2025)', source: 'npm incident, 2025-09-08' },
  { name: 'ansi-styles', versions: ['6.2.2'], what: 'crypto-wallet drainer (2025)', source: 'npm incident, 2025-09-08' },
  { name: 'ansi-regex', versions: ['6.2.1'], what: 'crypto-wallet drainer (2025)', source: 'npm incident, 2025-09-08' },
  { name: 'strip-ansi', versions: ['7.1.1'], what: 'crypto-wallet drainer (2025)', source: 'npm incident, 2025-09-08' },
  { name: 'supports-color', versions: ['10.2.1'], what: 'crypto-wallet drainer (2025)', source: 'npm incident, 2025-09-08' },
  { name: 'wrap-ansi', versions: ['9.0.1'], what: 'crypto-wallet drainer (2025)', source: 'npm incident, 2025-09-08' },
  { name: 'slice-ansi', versions: ['7.1.1'], what: 'crypto-wallet drainer (2025)', source: 'npm incident, 2025-09-08' },
  { name: 'color-convert', versions: ['3.1.1'], what: 'crypto-wallet drainer (2025)', source: 'npm incident, 2025-09-08' },
  { name: 'color-name', versions: ['2.0.1'], what: 'crypto-wallet drainer (2025)', source: 'npm incident, 2025-09-08' },
  { name: 'color-string', versions: ['2.1.1'], what: 'crypto-wallet drainer (2025)', source: 'npm incident, 2025-09-08' },
  { name: 'is-arrayish', versions: ['0.3.3'], what: 'crypto-wallet drainer (2025)', source: 'npm incident, 2025-09-08' },
  { name: 'simple-swizzle', versions: ['0.2.3'], what: 'crypto-wallet drainer (2025)', source: 'npm incident, 2025-09-08' },
  { name: 'error-ex', versions: ['1.3.3'], what: 'crypto-wallet drainer (2025)', source: 'npm incident, 2025-09-08' },
  { name: 'has-ansi', versions: ['6.0.1'], what: 'crypto-wallet drainer (2025)', source: 'npm incident, 2025-09-08' },
  { name: 'chalk-template', versions: ['1.1.1'], what: 'crypto-wallet drainer (2025)', source: 'npm incident, 2025-09-08' },
  { name: 'supports-hyperlinks', versions: ['4.1.1'], what: 'crypto-wallet drainer (2025)', source: 'npm incident, 2025-09-08' },
  { name: 'backslash', versions: ['0.2.1'], what: 'crypto-wallet drainer (2025)', source: 'npm incident, 2025-09-08' },
  { name: '@ctrl/tinycolor', versions: ['4.1.1', '4.1.2'], what: '"Shai-Hulud" worm: stole tokens and republished (2025)', source: 'npm incident, 2025-09-15' },
];
