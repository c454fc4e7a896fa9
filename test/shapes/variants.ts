// What the shape tests share: the wrappings every read must come out of the same.
import type { SandboxServer } from '../../sandbox';
import type { ServiceName } from '../../sandbox/core/context';
import type { ShapeVariant } from '../../sandbox/core/shapes';

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
