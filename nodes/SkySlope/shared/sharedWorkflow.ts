import { NodeOperationError, type IDataObject, type IHookFunctions, type IPollFunctions } from 'n8n-workflow';

/**
 * A polling trigger and the Signing Trigger in one workflow lose the Signing Trigger's memory: under
 * n8n's classic scheduler a poll that emits saves the workflow's whole static data from the copy
 * n8n built at publishing (one JSON column, written whole), which takes back every notification the
 * Signing Trigger recorded since; a notification sent again then starts a second run. The Signing
 * Trigger says it is in the workflow, in the static data every node of it shares, and the SkySlope
 * Trigger refuses to run beside it (test/e2e/shared-workflow.test.ts shows both in real n8n).
 */

/** Where, in the workflow's global static data, the Signing Triggers of the workflow are named. */
const SIGNING_TRIGGERS = 'skySlopeSigningTriggers';

/** Names (`present`) or forgets the Signing Trigger in its workflow (its activation and its removal). */
export function markSigningTrigger(ctx: IHookFunctions, present: boolean): void {
	const global = ctx.getWorkflowStaticData('global') as IDataObject;
	const names = new Set(Array.isArray(global[SIGNING_TRIGGERS]) ? (global[SIGNING_TRIGGERS] as unknown[]).filter((n): n is string => typeof n === 'string') : []);
	const name = ctx.getNode().name;
	if (present === names.has(name)) return;
	if (present) names.add(name);
	else names.delete(name);
	if (names.size) global[SIGNING_TRIGGERS] = [...names].sort();
	else delete global[SIGNING_TRIGGERS];
}

/** Refuses a poll in a workflow that holds a published Signing Trigger, saying why and what to do. */
export function refuseBesideSigningTrigger(ctx: IPollFunctions): void {
	const named = (ctx.getWorkflowStaticData('global') as IDataObject)[SIGNING_TRIGGERS];
	const names = Array.isArray(named) ? named.filter((n): n is string => typeof n === 'string') : [];
	if (!names.length) return;
	throw new NodeOperationError(ctx.getNode(), `This workflow also holds the SkySlope Signing Trigger "${names[0]}": the two cannot share a workflow`, {
		description:
			"Each time this trigger starts a run, n8n saves the workflow's memory as it held it when the workflow was published, and takes back the signings the Signing Trigger recorded since: a signing sent again would start a second run. Put the Signing Trigger in a workflow of its own, and let it call this one with an Execute Workflow node, or the other way round.",
	});
}
