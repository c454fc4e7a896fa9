/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// `npm run release -- <patch|minor|major|x.y.z> [--dry-run] [--date YYYY-MM-DD]`
//
// Bumps the version in package.json and package-lock.json, moves CHANGELOG.md's "Unreleased"
// section under the new version with the date, commits those three files and creates the
// annotated tag v<version>. Nothing leaves the machine: pushing the tag (the last line printed)
// starts .github/workflows/publish.yml, which tests and publishes with npm provenance.
// `n8n-node release` is not used: locally it runs release-it and `npx auto-changelog` (fetched
// from the network), pushes and creates a GitHub release itself (CONTRIBUTING.md, "Releasing").
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { spawnProcess } from './lib/spawn';

export type Bump = 'patch' | 'minor' | 'major';

const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$/;

function parts(version: string): [number, number, number, string | undefined] {
	const m = SEMVER.exec(version);
	if (!m) throw new Error(`"${version}" is not a version (x.y.z or x.y.z-pre.1)`);
	return [Number(m[1]), Number(m[2]), Number(m[3]), m[4]];
}

/** Negative, zero or positive as a is older than, the same as or newer than b (semver precedence). */
export function compareVersions(a: string, b: string): number {
	const [pa, pb] = [parts(a), parts(b)];
	for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return (pa[i] as number) - (pb[i] as number);
	if (pa[3] === pb[3]) return 0;
	if (pa[3] === undefined) return 1;
	if (pb[3] === undefined) return -1;
	return pa[3] < pb[3] ? -1 : 1;
}

/** The version a bump (or an explicit x.y.z) leads to from `current`. */
export function nextVersion(current: string, bump: string): string {
	const [major, minor, patch, pre] = parts(current);
	switch (bump) {
		case 'major':
			return `${major + 1}.0.0`;
		case 'minor':
			return `${major}.${minor + 1}.0`;
		case 'patch':
			// 1.2.3-rc.1 -> 1.2.3, as npm version does.
			return pre === undefined ? `${major}.${minor}.${patch + 1}` : `${major}.${minor}.${patch}`;
		default:
			parts(bump);
			return bump;
	}
}

/** `owner/name` on GitHub, from package.json's repository field. */
export function githubRepository(repository: unknown): string {
	const url = typeof repository === 'string' ? repository : (repository as { url?: string } | undefined)?.url;
	const m = /github\.com[/:]([\w.-]+\/[\w.-]+?)(?:\.git)?$/.exec(url ?? '');
	if (!m) throw new Error(`package.json's repository (${String(url)}) is not a GitHub repository`);
	return m[1];
}

const UNRELEASED = /^## \[Unreleased\][^\n]*\n/m;

/**
 * CHANGELOG.md (Keep a Changelog) with the Unreleased entries moved under `## [version] - date`,
 * an empty Unreleased section left on top, and the comparison links at the bottom updated.
 */
export function releaseChangelog(text: string, version: string, date: string, repo: string, previousTag?: string): string {
	const heading = UNRELEASED.exec(text);
	if (!heading) throw new Error('CHANGELOG.md has no "## [Unreleased]" section');
	const start = heading.index + heading[0].length;
	const nextHeading = text.slice(start).search(/^## |^\[[^\]]+\]: /m);
	const end = nextHeading === -1 ? text.length : start + nextHeading;
	const entries = text.slice(start, end).trim();
	if (!entries) throw new Error('CHANGELOG.md\'s "Unreleased" section is empty: say what this release changes first');
	if (new RegExp(`^## \\[${version.replace(/\./g, '\\.')}\\]`, 'm').test(text)) {
		throw new Error(`CHANGELOG.md already has a section for ${version}`);
	}
	const released = `## [Unreleased]\n\n## [${version}] - ${date}\n\n${entries}\n\n`;
	let out = text.slice(0, heading.index) + released + text.slice(end).replace(/^\n+/, '');
	const base = `https://github.com/${repo}`;
	const links = [
		`[Unreleased]: ${base}/compare/v${version}...HEAD`,
		previousTag ? `[${version}]: ${base}/compare/${previousTag}...v${version}` : `[${version}]: ${base}/releases/tag/v${version}`,
	];
	out = out.replace(/^\[Unreleased\]: .*\n?/m, '');
	const firstLink = out.search(/^\[[^\]]+\]: /m);
	out = firstLink === -1 ? `${out.trimEnd()}\n\n${links.join('\n')}\n` : `${out.slice(0, firstLink)}${links.join('\n')}\n${out.slice(firstLink)}`;
	return out.endsWith('\n') ? out : `${out}\n`;
}

function git(cwd: string, args: string[]): Promise<string> {
	return new Promise((resolve, reject) => {
		const child = spawnProcess('git', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
		let out = '';
		let err = '';
		child.stdout?.on('data', (c: Buffer) => (out += c.toString('utf8')));
		child.stderr?.on('data', (c: Buffer) => (err += c.toString('utf8')));
		child.on('error', reject);
		child.on('close', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`git ${args.join(' ')}: ${err.trim() || `exit ${code}`}`))));
	});
}

function setVersion(file: string, version: string, alsoRootPackage: boolean): void {
	const text = readFileSync(file, 'utf8');
	const data = JSON.parse(text) as { version: string; packages?: Record<string, { version?: string }> };
	if (`${JSON.stringify(data, null, 2)}\n` !== text) throw new Error(`${file} is not formatted as npm writes it; refusing to rewrite it`);
	data.version = version;
	if (alsoRootPackage && data.packages?.['']) data.packages[''].version = version;
	writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}

export async function release(cwd: string, args: string[], log: (line: string) => void): Promise<string> {
	const dryRun = args.includes('--dry-run');
	const dateAt = args.indexOf('--date');
	const date = dateAt >= 0 ? args[dateAt + 1] : new Date().toISOString().slice(0, 10);
	if (!/^\d{4}-\d{2}-\d{2}$/.test(date ?? '')) throw new Error(`--date wants YYYY-MM-DD, got "${String(date)}"`);
	const bump = args.find((a, i) => !a.startsWith('--') && (dateAt < 0 || i !== dateAt + 1));
	if (!bump) throw new Error('Usage: npm run release -- <patch|minor|major|x.y.z> [--dry-run] [--date YYYY-MM-DD]');

	const manifest = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as { version: string; repository?: unknown };
	const current = manifest.version;
	const version = nextVersion(current, bump);
	const tag = `v${version}`;
	const tags = (await git(cwd, ['tag', '--list', 'v*'])).split('\n').filter((t) => SEMVER.test(t.slice(1)));
	if (tags.includes(tag)) throw new Error(`The tag ${tag} exists already`);
	// The current version may be released as it is only while it has never been tagged.
	if (compareVersions(version, current) < 0 || (version === current && tags.includes(`v${current}`))) {
		throw new Error(`${version} does not come after ${current}`);
	}
	const previousTag = tags.sort((a, b) => compareVersions(a.slice(1), b.slice(1))).at(-1);
	const changelogFile = join(cwd, 'CHANGELOG.md');
	if (!existsSync(changelogFile)) throw new Error('There is no CHANGELOG.md');
	const changelog = releaseChangelog(readFileSync(changelogFile, 'utf8'), version, date, githubRepository(manifest.repository), previousTag);

	if (dryRun) {
		log(`Would release ${version} (from ${current}, tag ${tag}, previous ${previousTag ?? 'none'}), dated ${date}.`);
		return version;
	}
	const dirty = await git(cwd, ['status', '--porcelain']);
	if (dirty) throw new Error(`Commit or put aside your changes first:\n${dirty}`);

	writeFileSync(changelogFile, changelog);
	setVersion(join(cwd, 'package.json'), version, false);
	if (existsSync(join(cwd, 'package-lock.json'))) setVersion(join(cwd, 'package-lock.json'), version, true);
	const files = ['package.json', 'CHANGELOG.md', ...(existsSync(join(cwd, 'package-lock.json')) ? ['package-lock.json'] : [])];
	await git(cwd, ['add', '--', ...files]);
	await git(cwd, ['commit', '-m', `Release ${version}`, '--', ...files]);
	await git(cwd, ['tag', '-a', tag, '-m', `n8n-nodes-skyslope ${version}`]);
	log(`Released ${version}: commit "Release ${version}" and tag ${tag}.`);
	log(`Publish it (GitHub Actions, with npm provenance): git push --follow-tags`);
	return version;
}

if (require.main === module) {
	release(process.cwd(), process.argv.slice(2), (line) => process.stdout.write(`${line}\n`)).catch((error: Error) => {
		process.stderr.write(`release: ${error.message}\n`);
		process.exit(1);
	});
}
