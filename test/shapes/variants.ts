// What the shape tests share: the wrappings every read must come out of the same.
import type { SandboxServer } from '../../sandbox';
import type { ServiceName } from '../../sandbox/core/context';
import type { ShapeVariant } from '../../sandbox/core/shapes';
import type { RunNodeResult } from '../../harness/node';

/** Every wrapping a reasonable service may choose (the `unrecognisable` one is tested apart). */
export const VARIANTS: ShapeVariant[] = ['singular', 'plural-one', 'bare', 'bare-array', 'value-wrapped', 'unwrapped'];

/** A read of a node, and the requests whose answers the knob must have reshaped. */
export interface ReadCase {
	name: string;
	/** The answer path(s) the read makes, below the service mount. */
	reads: RegExp;
	/** Runs the read; gives what it output, or throws with the node's error. */
	run(): Promise<unknown>;
}

/**
 * Runs a read with the service answering in `variant`; checks the knob reshaped every answer the
 * read was given (so that a read passing here did read the variant), and gives the output.
 */
export async function inVariant(
	sandbox: SandboxServer,
	service: ServiceName,
	variant: ShapeVariant,
	c: ReadCase,
): Promise<unknown> {
	sandbox.setShapes([{ service, variant }]);
	sandbox.clearLog();
	try {
		const out = await c.run();
		// Answers with a body (a 204 has none to reshape).
		const reads = sandbox.requests(service, 'GET', c.reads).filter((r) => r.status === 200);
		expect(reads.length).toBeGreaterThan(0);
		expect(reads.map((r) => r.shape)).toEqual(reads.map(() => variant));
		return out;
	} finally {
		sandbox.setShapes([]);
	}
}

/**
 * The table every shape test runs: each read once in the default wrapping (the baseline, which must
 * hold something), then in every variant, where it must come out the same. `expected` adjusts the
 * baseline for a variant that cannot carry everything (listings without their envelope lose links).
 */
export function describeEveryWrapping(
	title: string,
	service: ServiceName,
	sandbox: () => SandboxServer,
	cases: () => ReadCase[],
	expected: (baseline: unknown, variant: ShapeVariant) => unknown = (baseline) => baseline,
): void {
	describe(title, () => {
		const baseline = new Map<string, unknown>();
		beforeAll(async () => {
			for (const c of cases()) baseline.set(c.name, await c.run());
		});

		it('reads something in the default wrapping (so that the comparisons below mean something)', () => {
			for (const c of cases()) {
				const out = baseline.get(c.name);
				const list = Array.isArray(out) ? out : (out as { results: unknown[] }).results;
				expect({ read: c.name, some: list.length > 0 }).toEqual({ read: c.name, some: true });
			}
		});

		describe.each(cases().map((c) => [c.name, c] as const))('%s', (_name, c) => {
			it.each(VARIANTS)('comes out the same when the answer is %s', async (variant) => {
				const out = await inVariant(sandbox(), service, variant, c);
				expect(out).toEqual(expected(baseline.get(c.name), variant));
			});
		});
	});
}

/**
 * An answer the node cannot read (the sandbox's `unrecognisable` shape, `{ weird: ... }`) failed the
 * item and gave nothing: the error names the operation, the status and the keys it saw.
 */
export function expectUnreadable(result: RunNodeResult, action: string): void {
	expect(result.output[0] ?? []).toEqual([]);
	expect(result.error?.message).toContain(action);
	expect(result.error?.message).toContain('HTTP 200');
	expect(result.error?.message).toContain('top-level keys: weird');
	expect(result.error?.context?.itemIndex).toBe(0);
}
