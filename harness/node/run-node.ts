import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type {
	ExecutionError,
	ICredentialDataDecryptedObject, INodeExecutionData, NodeExecutionHint, WorkflowExecuteMode } from 'n8n-workflow';
import { createRunExecutionData } from 'n8n-workflow';

import type { BaseOptions } from './context';
import { NODE_NAME, prepare, storedCredentials } from './context';

export interface RunNodeOptions extends BaseOptions {
	/** Input items (copied: the node cannot change yours); one empty item when omitted. */
	input?: INodeExecutionData[];
	/** Sets the node's "On Error" to "Continue" (continueRegularOutput). */
	continueOnFail?: boolean;
	mode?: WorkflowExecuteMode;
	/**
	 * Keep a copy of what execute() returned in `nodeOutput` (default true). Benchmarks turn it off:
	 * copying 20,000 items is work the harness adds and n8n does not.
	 */
	keepNodeOutput?: boolean;
}

export interface RunNodeResult {
	/** The node's outputs: output[0] is the main output's items. Empty when the node failed. */
	output: INodeExecutionData[][];
	/**
	 * The error the node failed with, as n8n records it in the run data: a plain copy of the
	 * NodeApiError / NodeOperationError (name, message, description, httpCode, context, ...).
	 * With continueOnFail a thrown error is recorded here too, while `output` carries on.
	 */
	error?: ExecutionError;
	/** Stored credential data after the run, by type: renewed sessions, refreshed tokens. */
	credentials: Record<string, ICredentialDataDecryptedObject>;
	/**
	 * Exactly what the node's execute() returned (a copy), before n8n's own additions such as
	 * filling in missing `pairedItem`: check this to see what the node itself produced.
	 * null when execute() threw or returned no item lists.
	 */
	nodeOutput: INodeExecutionData[][] | null;
	/** The execution hints the node added (`addExecutionHints`), as n8n stores them with its run. */
	hints: NodeExecutionHint[];
}

/**
 * Runs one action node through n8n-core's WorkflowExecute, exactly as a one-node workflow
 * would run in n8n, with the given input items arriving on its main input.
 */
export async function runNode(options: RunNodeOptions): Promise<RunNodeResult> {
	const prepared = prepare(options);
	const { workflow, node, additionalData, store } = prepared;
	let nodeOutput: INodeExecutionData[][] | null = null;
	if (options.keepNodeOutput !== false) {
		prepared.nodeTypes.onExecuteResult = (output) => {
			nodeOutput = output;
		};
	}
	if (options.continueOnFail) node.onError = 'continueRegularOutput';
	const mode = options.mode ?? 'manual';

	additionalData.hooks = new ExecutionLifecycleHooks(mode, 'harness-execution', {
		id: workflow.id,
		name: workflow.name ?? 'Harness workflow',
		active: false,
		isArchived: false,
		activeVersionId: null,
		nodes: [node],
		connections: {},
		settings: {},
		createdAt: new Date(),
		updatedAt: new Date(),
	});

	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [
				{ node, data: { main: [structuredClone(options.input ?? [{ json: {} }])] }, source: null },
			],
		},
	});

	const execution = new WorkflowExecute(additionalData, mode, runExecutionData);
	const run = await execution.processRunExecutionData(workflow);
	const taskData = run.data.resultData.runData[NODE_NAME]?.[0];
	const error = taskData?.error ?? run.data.resultData.error;
	const output = (taskData?.data?.main ?? []).map((items) => items ?? []);
	return {
		output,
		...(error ? { error } : {}),
		credentials: storedCredentials(store),
		nodeOutput,
		hints: taskData?.hints ?? [],
	};
}
