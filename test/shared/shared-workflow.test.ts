// The SkySlope Trigger and the Signing Trigger in one workflow (nodes/SkySlope/shared/sharedWorkflow.ts):
// the Signing Trigger names itself in the static data the workflow's nodes share, and the SkySlope
// Trigger refuses to poll beside it. In real n8n: test/e2e/shared-workflow.test.ts.
import type { IDataObject, IHookFunctions, IPollFunctions } from 'n8n-workflow';

import { markSigningTrigger, refuseBesideSigningTrigger } from '../../nodes/SkySlope/shared/sharedWorkflow';

/** A node of a workflow whose global static data is `global`. */
function nodeOf<T>(global: IDataObject, name: string): T {
	return { getWorkflowStaticData: (type: string) => (type === 'global' ? global : {}), getNode: () => ({ name, type: 'x', typeVersion: 1, position: [0, 0], parameters: {} }) } as unknown as T;
}

it('a published Signing Trigger makes the SkySlope Trigger of its workflow refuse, naming it; unpublished, it does not', () => {
	const global: IDataObject = {};
	const poll = nodeOf<IPollFunctions>(global, 'New offer');
	expect(() => refuseBesideSigningTrigger(poll)).not.toThrow();
	markSigningTrigger(nodeOf<IHookFunctions>(global, 'Signed'), true);
	expect(() => refuseBesideSigningTrigger(poll)).toThrow('This workflow also holds the SkySlope Signing Trigger "Signed": the two cannot share a workflow');
	// A second one, then the first unpublished: still refused, naming the one left.
	markSigningTrigger(nodeOf<IHookFunctions>(global, 'Buyer signed'), true);
	markSigningTrigger(nodeOf<IHookFunctions>(global, 'Signed'), false);
	expect(() => refuseBesideSigningTrigger(poll)).toThrow('"Buyer signed"');
	markSigningTrigger(nodeOf<IHookFunctions>(global, 'Buyer signed'), false);
	expect(global).toEqual({});
	expect(() => refuseBesideSigningTrigger(poll)).not.toThrow();
});

it('the refusal says why and what to do, and a mark that is not a list of names is no mark', () => {
	const global: IDataObject = { skySlopeSigningTriggers: 'Signed' };
	expect(() => refuseBesideSigningTrigger(nodeOf<IPollFunctions>(global, 'Poll'))).not.toThrow();
	markSigningTrigger(nodeOf<IHookFunctions>(global, 'Signed'), true);
	try {
		refuseBesideSigningTrigger(nodeOf<IPollFunctions>(global, 'Poll'));
		throw new Error('not refused');
	} catch (error) {
		expect((error as { description?: string }).description).toMatch(/a signing sent again would start a second run\. Put the Signing Trigger in a workflow of its own/);
	}
});
