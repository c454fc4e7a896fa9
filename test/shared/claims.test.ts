// claimKeys (nodes/SkySlope/shared/webhookClaims.ts): webhook requests of one trigger in one process, side by side,
// each on its own copy of the static data as n8n loads it at the request's start, the last save
// winning. What each request's copy holds when n8n saves it is what these tests read.
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { claimKeys } from '../../nodes/SkySlope/shared/webhookClaims';

let workflows = 0;

/** A trigger of its own (another workflow id each test), and a request on a copy of `stored`. */
function trigger() {
	const workflowId = `claims-${++workflows}`;
	let database: IDataObject = {};
	const request = () => {
		const data = structuredClone(database);
		const ctx = {
			getWorkflowStaticData: () => data,
			getNode: () => ({ id: 'node', name: 'Trigger' }),
			getWorkflow: () => ({ id: workflowId }),
		} as unknown as IWebhookFunctions;
		return { ctx, data, save: () => (database = structuredClone(data)) };
	};
	return { request, database: () => database };
}

describe('claimKeys', () => {
	it('of two requests at once, one takes a key; both saves hold both keys', () => {
		const t = trigger();
		const a = t.request();
		const b = t.request();
		const claimA = claimKeys(a.ctx, 'seen', ['k1'], 100);
		const claimB = claimKeys(b.ctx, 'seen', ['k1', 'k2'], 100);
		expect([claimA.taken, claimB.taken]).toEqual([['k1'], ['k2']]);
		claimB.save();
		b.save();
		claimA.save();
		a.save();
		expect(t.database().seen).toEqual(['k1', 'k2']);
	});

	it('takes every key not known, and none twice (a notification without a time: every signing not delivered)', () => {
		const t = trigger();
		const r = t.request();
		expect(claimKeys(r.ctx, 'seen', ['t1'], 100).taken).toEqual(['t1']);
		expect(claimKeys(r.ctx, 'seen', ['t1', 't2', 't3'], 100).taken).toEqual(['t2', 't3']);
		expect(claimKeys(r.ctx, 'seen', ['t1', 't2', 't3'], 100).taken).toEqual([]);
	});

	it('the bound forgets the oldest and says how many', () => {
		const t = trigger();
		const r = t.request();
		claimKeys(r.ctx, 'seen', ['a', 'b', 'c'], 3);
		const claim = claimKeys(r.ctx, 'seen', ['d'], 3);
		expect(claim.forgot).toBe(1);
		claim.save();
		expect(r.data.seen).toEqual(['b', 'c', 'd']);
	});
});
