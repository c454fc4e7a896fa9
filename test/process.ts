// A process of n8n, as the tests have it: its own copy of the node's modules.
import * as workflow from 'n8n-workflow';

import type { AnyNode } from '../harness/node/node-types';

/**
 * A process's own copy of a node's modules (nodes/ and what they import of ours): what a process
 * remembers in module scope is its own (nodes/SkySlope/shared/pollRuntime.ts, webhookClaims.ts), and a
 * restart of n8n loads a fresh copy. n8n-workflow stays n8n's one copy, as in n8n.
 */
export function processLoader(load: () => AnyNode): () => AnyNode {
	return () => {
		let node: AnyNode | undefined;
		jest.isolateModules(() => {
			jest.doMock('n8n-workflow', () => workflow);
			node = load();
		});
		return node as AnyNode;
	};
}
