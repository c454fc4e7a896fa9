/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// Every number once: a number the README or the docs repeat is written where it is measured, and
// the places that repeat it are held to that source here.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8').replace(/\s+/g, ' ');
const num = (text: string) => Number(text.replace(/,/g, ''));

/** The first capture of `pattern` in `file`, or a failure naming both. */
function find(file: string, pattern: RegExp): string {
	const match = pattern.exec(read(file));
	if (!match) throw new Error(`${file} no longer says ${String(pattern)}`);
	return match[1];
}

describe("the suite's times: CONTRIBUTING.md's latest run is the source", () => {
	const totalS = num(find('CONTRIBUTING.md', /The latest full run:[^*]*\*\*([\d,]+) s in all\*\*/));
	const unitS = num(find('CONTRIBUTING.md', /The latest full run:[^*]*\*\*[\d,]+ s in all\*\* \(lint \d+ s, unit ([\d,]+) s/));

	it('the README gives the whole run in minutes', () => {
		expect(num(find('README.md', /it takes about (\d+) minutes/))).toBe(Math.round(totalS / 60));
	});

	it('the unit stage, in the README and in CONTRIBUTING, in minutes', () => {
		const minutes = Math.round(unitS / 60);
		expect(num(find('README.md', /`npm test -- --unit` runs the unit tests alone \(about (\d+) minutes/))).toBe(minutes);
		expect(num(find('CONTRIBUTING.md', /npm test -- --unit +# the unit stage \(about (\d+) minutes/))).toBe(minutes);
	});

	it("a new machine's first run: docs/n8n-host.md is the source", () => {
		const minutes = num(find('docs/n8n-host.md', /`npm ci && npm test` on a new machine[^|]*\| (\d+) minutes/));
		expect(num(find('README.md', /a first run on a new machine[^.]*: one took (\d+) minutes/))).toBe(minutes);
		expect(num(find('CONTRIBUTING.md', /A first run on a new machine[^.]*: one took \*\*(\d+) minutes\*\*/))).toBe(minutes);
	});
});

describe('bench/RESULTS.md is the source of the figures the docs repeat', () => {
	/** RESULTS' table of figure 19: budget -> [polls a turn, lag at one-minute polls, requests an hour]. */
	const turnTable = (file: string) =>
		new Map(
			[...read(file).matchAll(/\| (\d+)(?: \([^)]*\))? \| (\d+) polls \| (\d+) min \| [^|]+ \| ([\d,]+) \|/g)].map((m) => [
				m[1],
				[num(m[2]), num(m[3]), num(m[4])],
			]),
		);

	it("figure 19's turns: docs/offers.md's table, the README's lag at the default, MIRROR.md's at its 10 a poll", () => {
		const results = turnTable('bench/RESULTS.md');
		expect([...results.keys()]).toEqual(['1', '5', '10', '20']);
		expect(turnTable('docs/offers.md')).toEqual(results);
		expect(num(find('README.md', /within one turn of that re-read \((\d+) minutes at one-minute polls/))).toBe(results.get('5')?.[1]);
		expect(num(find('docs/MIRROR.md', /two years, (\d+) polls \(\d+ minutes\)/))).toBe(results.get('10')?.[0]);
		expect(num(find('docs/MIRROR.md', /within one turn of the Offers re-read \((\d+) minutes with this workflow/))).toBe(results.get('10')?.[1]);
	});

	it("figure 21's state at 100,000 offers: docs/offers.md", () => {
		const mb = find('bench/RESULTS.md', /\| 21 \|[^\n]*?state \*\*([\d.]+) MB\*\*/);
		expect(find('docs/offers.md', /([\d.]+) MB at 100,000/)).toBe(mb);
	});

	it("figure 18's least container: MIRROR.md", () => {
		const mb = find('bench/RESULTS.md', /\*\*(\d+) MB is the least container tried that holds\*\*/);
		expect(find('bench/RESULTS.md', /\| 18 \|[^\n]*?\*\*(\d+) MB: exact/)).toBe(mb);
		expect(find('docs/MIRROR.md', /The container to give n8n\*\* for it: \*\*(\d+) MB\*\* finished the first load exactly/)).toBe(mb);
	});

	it("figure 14's longest lag: the README and MIRROR.md, rounded up", () => {
		const worst = Math.ceil(Number(find('bench/RESULTS.md', /\| 14 \|[^\n]*?worst \*\*([\d.]+) s\*\*/)));
		expect(num(find('README.md', /within one poll interval in the benchmark \((\d+) s at\s+most/))).toBe(worst);
		expect(num(find('docs/MIRROR.md', /reached its row within one poll interval \((\d+) s at most\)/))).toBe(worst);
	});
});
