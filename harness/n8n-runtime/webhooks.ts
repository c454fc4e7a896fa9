// A model of how n8n 2.41 runs a webhook trigger (shared/N8N-HOST.md, "How n8n runs triggers"),
// driving the real node: one to three webhook processors, each a process with its own copy of the
// node's modules; each request loads the static data from the database at its start and saves it
// after, whole, the last save winning; a request whose webhook() throws is answered 500 and saves
// nothing (the service sends it again).
import type { ICredentialDataDecryptedObject, IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { AnyNode } from '../node/node-types';
import { runWebhook, runWebhookMethods } from '../node/triggers';
import type { RequestGate } from './gate';

/** The one workflow of the model: each request's static data is a fresh copy from the database, the workflow the same. */
const WORKFLOW_ID = 'model-workflow';

export interface WebhookRuntimeOptions {
	processors: number;
	loadNode: () => AnyNode;
	parameters: INodeParameters;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	gate: RequestGate;
	/** Where n8n's webhook URLs point (nothing needs to listen: the model delivers each request itself). */
	webhookBaseUrl: string;
}

export interface Delivery {
	/** The processor that took the request. */
	processor: number;
	status: number;
	/** What the run started with, when the request started one. */
	items?: INodeExecutionData[];
}

export class WebhookRuntime {
	readonly db = { staticData: '{}' };
	readonly deliveries: Delivery[] = [];
	readonly trace: string[] = [];
	private readonly processors: AnyNode[] = [];

	constructor(private readonly o: WebhookRuntimeOptions) {
		for (let n = 0; n < o.processors; n++) this.processors.push(o.loadNode());
	}

	get processorCount(): number {
		return this.processors.length;
	}

	get runs(): INodeExecutionData[][] {
		return this.deliveries.filter((d) => d.items).map((d) => d.items as INodeExecutionData[]);
	}

	/** Publishing: the main checks the subscription (creates it), then saves the static data. */
	async activate(): Promise<void> {
		const staticData = JSON.parse(this.db.staticData) as IDataObject;
		const options = { node: this.processors[0], parameters: this.o.parameters, credentials: this.o.credentials, staticData, webhookBaseUrl: this.o.webhookBaseUrl, workflowId: WORKFLOW_ID };
		const exists = await runWebhookMethods({ ...options, method: 'checkExists' });
		if (!exists.result) await runWebhookMethods({ ...options, method: 'create' });
		this.db.staticData = JSON.stringify(staticData);
		this.trace.push('activated');
	}

	/**
	 * A request reaches a processor: it loads the static data now, and saves it when it answers. A
	 * test event (the editor's test URL, `test`) runs in manual mode and saves nothing
	 * (n8n/dist/webhooks/test-webhooks.js); its run is no production run.
	 */
	deliver(processor: number, body: IDataObject, query: Record<string, string>, label: string, test = false): Promise<void> {
		const p = processor % this.processors.length;
		const staticData = JSON.parse(this.db.staticData) as IDataObject;
		this.trace.push(`${label} reaches processor ${p}${test ? ' as a test event' : ''}`);
		const request = (async () => {
			try {
				const result = await runWebhook({
					node: this.processors[p],
					parameters: this.o.parameters,
					credentials: this.o.credentials,
					staticData,
					webhookBaseUrl: this.o.webhookBaseUrl,
					workflowId: WORKFLOW_ID,
					request: { body, query },
					...(test ? { mode: 'manual' as const } : {}),
				});
				const items = result.workflowData?.[0];
				if (test) {
					this.trace.push(`${label} answered ${result.response.status} as a test event${items?.length ? `: a test run of ${items.length}` : ''}`);
					return;
				}
				// n8n saves after the webhook answers: the model decides when, among the requests in flight.
				await this.o.gate.hold(`save of ${label}`);
				this.db.staticData = JSON.stringify(result.staticData);
				this.deliveries.push({ processor: p, status: result.response.status, ...(items?.length ? { items } : {}) });
				this.trace.push(`${label} answered ${result.response.status} by processor ${p}${items?.length ? `: a run of ${items.length}` : `: ${result.response.body.slice(0, 80)}`}`);
			} catch (error) {
				this.deliveries.push({ processor: p, status: 500 });
				this.trace.push(`${label} failed on processor ${p}: ${(error as Error).message}`);
			}
		})();
		return this.o.gate.track(request);
	}

	/** A processor restarts: what its process remembered is gone. */
	restart(processor: number): void {
		const p = processor % this.processors.length;
		this.processors[p] = this.o.loadNode();
		this.trace.push(`processor ${p} restarts`);
	}
}
