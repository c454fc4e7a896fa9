/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// What the queue-mode test needs around a running cluster (scripts/lib/queue-host.ts): workflows
// created through main's public API and run through the webhook processor, executions read back,
// which instance ran each one (from the instances' own logs), and the sandbox's log and knobs.
import { randomUUID } from 'node:crypto';

import type { QueueCluster, QueueInstance } from '../scripts/lib/queue-host';
import type { Json, RequestLogEntry, ServiceName, Workflow, WorkflowNode } from './n8n/workflows';
import { jsonCall } from './node/http';

export type { Json, RequestLogEntry, Workflow, WorkflowNode };

export interface Execution {
	id: string;
	status: string;
	mode: string;
	finished: boolean;
	retryOf?: string | null;
	data?: {
		resultData: {
			runData: Record<string, Array<{ data?: { main?: Array<Array<{ json: Json; binary?: Record<string, Json>; pairedItem?: unknown }> | null> }; error?: Json }>>;
			error?: Json;
		};
	};
}

export class QueueHarness {
	constructor(readonly cluster: QueueCluster) {}

	api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
		return this.cluster.client.api<T>(method, path, body);
	}

	async sandbox<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
		return await jsonCall<T>(method, `${this.cluster.sandbox.baseUrl}/_sandbox${path}`, body);
	}

	async log(service?: ServiceName): Promise<RequestLogEntry[]> {
		const all = await this.sandbox<RequestLogEntry[]>('GET', '/log');
		return service ? all.filter((e) => e.service === service) : all;
	}

	clearLog = () => this.sandbox('DELETE', '/log');
	setFaults = (rules: Json[]) => this.sandbox('PUT', '/faults', rules);
	expire = (service?: ServiceName) => this.sandbox('POST', '/expire', service ? { service } : {});

	/** Creates a workflow through main's public API; publishes it when asked. */
	async create(wf: Workflow, activate: boolean): Promise<string> {
		const created = await this.api<{ id: string }>('POST', '/workflows', {
			name: wf.name ?? 'queue',
			nodes: wf.nodes,
			connections: wf.connections,
			settings: wf.settings ?? { executionOrder: 'v1' },
		});
		if (activate) await this.api('POST', `/workflows/${created.id}/activate`);
		return created.id;
	}

	deactivate = (id: string) => this.api('POST', `/workflows/${id}/deactivate`);

	/**
	 * `Webhook -> nodes[0] -> nodes[1] ...`, published; returns its id and production URL on the
	 * webhook processor. The webhook answers at once: the execution runs on a worker afterwards.
	 */
	async webhookWorkflow(name: string, nodes: WorkflowNode[]): Promise<{ id: string; url: string }> {
		const path = `queue-${randomUUID().slice(0, 8)}`;
		const all: WorkflowNode[] = [
			{
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				webhookId: randomUUID(),
				parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
			},
			{ name: 'Items', type: 'n8n-nodes-base.splitOut', typeVersion: 1, parameters: { fieldToSplitOut: 'body.items', include: 'noOtherFields', options: {} } },
			...nodes,
		];
		const connections: Workflow['connections'] = {};
		all.forEach((n, i) => {
			n.position ??= [i * 220, 0];
			if (i > 0) connections[all[i - 1].name] = { main: [[{ node: n.name, type: 'main', index: 0 }]] };
		});
		const id = await this.create({ name, nodes: all, connections, settings: { executionOrder: 'v1' } }, true);
		return { id, url: `${this.cluster.webhook.baseUrl}/webhook/${path}` };
	}

	/** Posts items to a production webhook of the webhook processor (404 for a moment after publishing: retried). */
	async fire(url: string, items: Json[]): Promise<void> {
		for (let attempt = 0; ; attempt++) {
			const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items }) });
			const text = await res.text();
			if (res.ok) return;
			if (res.status !== 404 || attempt > 100) throw new Error(`POST ${url} answered ${res.status}: ${text.slice(0, 300)}`);
			await new Promise((r) => setTimeout(r, 200));
		}
	}

	async executions(workflowId: string): Promise<Execution[]> {
		const list = await this.api<{ data: Execution[] }>('GET', `/executions?workflowId=${workflowId}&limit=250`);
		return list.data.sort((a, b) => Number(a.id) - Number(b.id));
	}

	execution(id: string): Promise<Execution> {
		return this.api<Execution>('GET', `/executions/${id}?includeData=true`);
	}

	/** Waits until the workflow has `count` finished executions (newer than `after`) and returns them with data. */
	async waitFor(workflowId: string, count: number, timeoutMs = 120000, after = 0): Promise<Execution[]> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const done = (await this.executions(workflowId)).filter(
				(e) => Number(e.id) > after && !['new', 'running', 'waiting'].includes(e.status),
			);
			if (done.length >= count) return await Promise.all(done.map((e) => this.execution(e.id)));
			if (Date.now() > deadline) {
				throw new Error(`workflow ${workflowId}: ${done.length} of ${count} executions finished within ${timeoutMs / 1000} s`);
			}
			await new Promise((r) => setTimeout(r, 250));
		}
	}

	/** The instances whose log says they ran the execution ("Worker started execution <id>"). */
	ranOn(executionId: string): string[] {
		const line = new RegExp(`Worker started execution ${executionId} \\(`);
		const instances: QueueInstance[] = [this.cluster.main, this.cluster.webhook, ...this.cluster.workers];
		return instances.filter((i) => line.test(i.log())).map((i) => i.name);
	}
}

/** Output items of a node's last run. */
export function itemsOf(e: Execution, node: string, output = 0) {
	const runs = e.data?.resultData.runData[node];
	return runs?.[runs.length - 1]?.data?.main?.[output] ?? [];
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
