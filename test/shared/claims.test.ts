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
	it('a failed delivery\'s key stays out of a concurrent request\'s save, so a resend delivers it (issue 46, 8)', () => {
		const t = trigger();
		const a = t.request();
		const b = t.request();
		// A claims k1 (its delivery will fail); B, side by side, claims k2 and writes what the process holds.
		const claimA = claimKeys(a.ctx, 'seen', ['k1'], 100);
		const claimB = claimKeys(b.ctx, 'seen', ['k2'], 100);
		expect(claimA.taken).toEqual(['k1']);
		expect(claimB.taken).toEqual(['k2']);
		// A fails: it gives k1 back (n8n saves nothing of a request that failed).
		claimA.release();
		// B ends after, and n8n saves B's copy.
		claimB.save();
		b.save();
		expect(t.database().seen).toEqual(['k2']);
		// SkySlope sends A's notification again: it is delivered.
		const resend = t.request();
		expect(claimKeys(resend.ctx, 'seen', ['k1'], 100).taken).toEqual(['k1']);
	});

	it('a key given back after a concurrent request saved it is delivered on a resend, and saved as delivered then', () => {
		const t = trigger();
		const a = t.request();
		const b = t.request();
		const claimA = claimKeys(a.ctx, 'seen', ['k1'], 100);
		claimKeys(b.ctx, 'seen', ['k2'], 100).save();
		b.save();
		// B's save reached the database with k1 in it (this process held it then); A fails after.
		expect(t.database().seen).toEqual(['k1', 'k2']);
		claimA.release();
		const resend = t.request();
		const again = claimKeys(resend.ctx, 'seen', ['k1'], 100);
		expect(again.taken).toEqual(['k1']);
		again.save();
		resend.save();
		expect(t.database().seen).toEqual(['k1', 'k2']);
		// And once delivered, a further resend is a repeat.
		expect(claimKeys(t.request().ctx, 'seen', ['k1'], 100).taken).toEqual([]);
	});

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
