/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// `npm run release` (scripts/release.ts): the version arithmetic, the changelog move, and a whole
// release in a throwaway git repository (this checkout's git state is never touched).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { REPO_ROOT } from '../../scripts/lib/processes';
import { run } from '../../scripts/lib/setup';
import { compareVersions, githubRepository, nextVersion, release as releaseIn, releaseChangelog } from '../../scripts/release';

const REPO = 'n8n-nodes-skyslope/n8n-nodes-skyslope';

const CHANGELOG = `# Changelog

Intro.

## [Unreleased]

### Added

- Something new.

## [0.1.0] - 2026-01-05

### Added

- The first release.

[Unreleased]: https://github.com/${REPO}/compare/v0.1.0...HEAD
[0.1.0]: https://github.com/${REPO}/releases/tag/v0.1.0
`;

describe('version arithmetic', () => {
	it('bumps patch, minor and major, and takes an explicit version as it is', () => {
		expect(nextVersion('0.1.0', 'patch')).toBe('0.1.1');
		expect(nextVersion('0.1.9', 'minor')).toBe('0.2.0');
		expect(nextVersion('0.9.3', 'major')).toBe('1.0.0');
		expect(nextVersion('1.2.3-rc.1', 'patch')).toBe('1.2.3');
		expect(nextVersion('0.1.0', '1.0.0-rc.1')).toBe('1.0.0-rc.1');
		expect(() => nextVersion('0.1.0', 'bigger')).toThrow('"bigger" is not a version');
	});

	it('orders versions by semver precedence, a pre-release before its release', () => {
		expect(compareVersions('0.10.0', '0.9.9')).toBeGreaterThan(0);
		expect(compareVersions('1.0.0-rc.1', '1.0.0')).toBeLessThan(0);
		expect(compareVersions('1.0.0', '1.0.0')).toBe(0);
	});

	it("reads owner/name from package.json's repository", () => {
		expect(githubRepository({ type: 'git', url: `git+https://github.com/${REPO}.git` })).toBe(REPO);
		expect(() => githubRepository({ url: 'https://gitlab.com/a/b' })).toThrow('is not a GitHub repository');
	});
});

describe('the changelog', () => {
	it('moves the Unreleased entries under the new version and date, and updates the comparison links', () => {
		const out = releaseChangelog(CHANGELOG, '0.2.0', '2026-02-01', REPO, 'v0.1.0');
		expect(out).toBe(`# Changelog

Intro.

## [Unreleased]

## [0.2.0] - 2026-02-01

### Added

- Something new.

## [0.1.0] - 2026-01-05

### Added

- The first release.

[Unreleased]: https://github.com/${REPO}/compare/v0.2.0...HEAD
[0.2.0]: https://github.com/${REPO}/compare/v0.1.0...v0.2.0
[0.1.0]: https://github.com/${REPO}/releases/tag/v0.1.0
`);
	});

	it('links the first release to its tag', () => {
		const first = `# Changelog\n\n## [Unreleased]\n\n- Everything.\n\n[Unreleased]: https://github.com/${REPO}/commits/main\n`;
		expect(releaseChangelog(first, '0.1.0', '2026-01-05', REPO)).toBe(
			`# Changelog\n\n## [Unreleased]\n\n## [0.1.0] - 2026-01-05\n\n- Everything.\n\n[Unreleased]: https://github.com/${REPO}/compare/v0.1.0...HEAD\n[0.1.0]: https://github.com/${REPO}/releases/tag/v0.1.0\n`,
		);
	});

	it('refuses a release with nothing under Unreleased, or a version it already has', () => {
		const empty = releaseChangelog(CHANGELOG, '0.2.0', '2026-02-01', REPO, 'v0.1.0');
		expect(() => releaseChangelog(empty, '0.3.0', '2026-03-01', REPO, 'v0.2.0')).toThrow('"Unreleased" section is empty');
		expect(() => releaseChangelog(CHANGELOG, '0.1.0', '2026-03-01', REPO)).toThrow('already has a section for 0.1.0');
	});

	it("the repository's CHANGELOG.md has Unreleased entries a release can move", () => {
		const text = readFileSync(path.join(REPO_ROOT, 'CHANGELOG.md'), 'utf8');
		expect(releaseChangelog(text, '9.9.9', '2026-01-01', REPO)).toMatch(/^## \[9\.9\.9\] - 2026-01-01\n\n\S/m);
	});
});

describe('npm run release, in a throwaway repository', () => {
	it('is the package\'s release script', () => {
		const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
		expect(manifest.scripts.release).toBe('node -r ts-node/register/transpile-only scripts/release.ts');
	});

	let dir: string;
	const git = (...args: string[]) => run('git', ['-c', 'user.name=Release Test', '-c', 'user.email=release-test@example.invalid', ...args], { cwd: dir });
	const release = async (...args: string[]) => {
		const lines: string[] = [];
		await releaseIn(dir, args, (line) => lines.push(line));
		return lines.join('\n');
	};

	beforeAll(async () => {
		dir = mkdtempSync(path.join(tmpdir(), 'skyslope-release-'));
		const manifest = { name: 'n8n-nodes-skyslope', version: '0.1.0', repository: { type: 'git', url: `git+https://github.com/${REPO}.git` } };
		const lock = { name: 'n8n-nodes-skyslope', version: '0.1.0', lockfileVersion: 3, requires: true, packages: { '': { name: 'n8n-nodes-skyslope', version: '0.1.0' } } };
		writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
		writeFileSync(path.join(dir, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
		writeFileSync(path.join(dir, 'CHANGELOG.md'), `# Changelog\n\n## [Unreleased]\n\n- The first release.\n`);
		await git('init', '-q', '-b', 'main');
		await git('add', '.');
		await git('commit', '-q', '-m', 'Start');
	}, 60_000);
	afterAll(() => rmSync(dir, { recursive: true, force: true }));

	const json = (file: string) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { version: string; packages: Record<string, { version: string }> };

	it('a dry run says what it would do and changes nothing', async () => {
		const out = await release('0.1.0', '--dry-run', '--date', '2026-01-05');
		expect(out).toContain('Would release 0.1.0 (from 0.1.0, tag v0.1.0, previous none), dated 2026-01-05.');
		expect(await git('status', '--porcelain')).toBe('');
		expect(await git('tag', '--list')).toBe('');
	}, 60_000);

	it('releases the never-tagged current version: changelog, commit and tag', async () => {
		await release('0.1.0', '--date', '2026-01-05');
		expect(readFileSync(path.join(dir, 'CHANGELOG.md'), 'utf8')).toContain('## [Unreleased]\n\n## [0.1.0] - 2026-01-05\n\n- The first release.\n');
		expect((await git('tag', '--list')).trim()).toBe('v0.1.0');
		expect((await git('log', '-1', '--format=%s')).trim()).toBe('Release 0.1.0');
		expect(await git('status', '--porcelain')).toBe('');
	}, 60_000);

	it('refuses the next release while Unreleased is empty, then a minor bump moves version, lockfile and changelog', async () => {
		await expect(release('minor', '--date', '2026-02-01')).rejects.toThrow('"Unreleased" section is empty');
		const changelog = readFileSync(path.join(dir, 'CHANGELOG.md'), 'utf8').replace('## [Unreleased]\n', '## [Unreleased]\n\n### Fixed\n\n- A fix.\n');
		writeFileSync(path.join(dir, 'CHANGELOG.md'), changelog);
		await expect(release('minor', '--date', '2026-02-01')).rejects.toThrow('Commit or put aside your changes first');
		await git('commit', '-q', '-am', 'A fix');
		await release('minor', '--date', '2026-02-01');
		expect(json('package.json').version).toBe('0.2.0');
		expect(json('package-lock.json').version).toBe('0.2.0');
		expect(json('package-lock.json').packages[''].version).toBe('0.2.0');
		const released = readFileSync(path.join(dir, 'CHANGELOG.md'), 'utf8');
		expect(released).toContain('## [0.2.0] - 2026-02-01\n\n### Fixed\n\n- A fix.\n\n## [0.1.0] - 2026-01-05');
		expect(released).toContain(`[0.2.0]: https://github.com/${REPO}/compare/v0.1.0...v0.2.0`);
		expect((await git('tag', '--list')).split('\n').filter(Boolean).sort()).toEqual(['v0.1.0', 'v0.2.0']);
		expect((await git('diff-tree', '--no-commit-id', '--name-only', '-r', 'v0.2.0')).split('\n').filter(Boolean).sort()).toEqual([
			'CHANGELOG.md',
			'package-lock.json',
			'package.json',
		]);
	}, 60_000);

	it('refuses a version that does not come after the current one', async () => {
		await expect(release('0.1.5', '--dry-run')).rejects.toThrow('0.1.5 does not come after 0.2.0');
	}, 60_000);
});
