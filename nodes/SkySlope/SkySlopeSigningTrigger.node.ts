import { randomBytes } from 'crypto';
import {
	NodeOperationError,
	type IDataObject,
	type IHookFunctions,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { triggerNodeDescription } from './shared';
import { deliver, respond } from './forms/helpers/deliveries';
import { optionsCollection, watchedFileLocator } from './forms/helpers/fields';
import { MAX_NOTIFICATION_BYTES, readNotification } from './forms/helpers/notification';
import { chosenFileIds, deriveSecret, sameSecret, subscribedUrl, subscribeFiles } from './forms/helpers/subscription';
import { state } from './forms/helpers/triggerState';
import * as listSearch from './forms/methods/listSearch';
import { markSigningTrigger } from './shared/sharedWorkflow';

/**
 * The webhook trigger of signed documents (SkySlope Forms): activating it subscribes the chosen files.
 */
export class SkySlopeSigningTrigger implements INodeType {
	description: INodeTypeDescription = {
		...triggerNodeDescription({
			name: 'skySlopeSigningTrigger',
			displayName: 'SkySlope Signing Trigger',
			description: 'Starts the workflow when documents on chosen SkySlope Forms files are signed',
			webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
			properties: [
				{
					displayName:
						'Activating the workflow subscribes each file to this workflow\'s production URL; every activation (and n8n start, where n8n checks webhooks then) confirms the service still holds it, and subscribes again if not. SkySlope Forms has no unsubscribe: deactivating only makes n8n forget the subscription, and a file keeps the first URL it was subscribed to.',
					name: 'subscriptionNotice',
					type: 'notice',
					default: '',
				},
				{
					// Shown while listening too: n8n's own listening hint cannot be set for a webhook trigger.
					displayName:
						'To make a test event arrive: click Execute step (it listens, and subscribes nothing), then send a signing notification to the Test URL under Webhook URLs. Against the sandbox: paste the Test URL into "Also send to" on the sandbox\'s sign page, choose the file and click Sign. On a real account SkySlope calls only the production URL: post a notification a published run received (its output) to the Test URL, e.g. curl -X POST \'&lt;Test URL&gt;\' -H \'content-type: application/json\' -d \'&lt;the JSON&gt;\'.',
					name: 'testEventNotice',
					type: 'notice',
					default: '',
				},
				{
					displayName: 'Files',
					name: 'files',
					type: 'fixedCollection',
					typeOptions: { multipleValues: true },
					placeholder: 'Add File',
					default: {},
					required: true,
					description: 'The files whose signed documents start the workflow',
					options: [
						{
							displayName: 'File',
							name: 'file',
							values: [watchedFileLocator],
						},
					],
				},
				optionsCollection([
					{
						displayName: 'Binary Field Prefix',
						name: 'binaryPrefix',
						type: 'string',
						default: 'document_',
						description: 'Downloaded documents go to binary fields named with this prefix and a number: document_0, document_1, …',
						displayOptions: { show: { downloadDocuments: [true] } },
					},
					{
						displayName: 'Download Signed Documents',
						name: 'downloadDocuments',
						type: 'boolean',
						default: false,
						description: 'Whether to download each signed document as a PDF into a binary field',
					},
					{
						displayName: 'Ignore Repeats',
						name: 'ignoreRepeats',
						type: 'boolean',
						default: true,
						description:
							'Whether a notification already handled (the same envelope, documents and time) starts nothing when it arrives again; with One Item per Signed Document, also whether a signed document already delivered (the same file, envelope, document and signing time) is left out when a later signing lists it again',
					},
					{
						displayName: 'One Item per Signed Document',
						name: 'oneItemPerDocument',
						type: 'boolean',
						default: false,
						description:
							'Whether to start the workflow with one item per signed document of the signing (its file, envelope and document IDs, names and signing time, and the notification) instead of one item per notification: a row each for a database. With Download Signed Documents, each item carries its own PDF.',
					},
					{
						displayName: 'Include Signed Document List',
						name: 'includeSignedDocuments',
						type: 'boolean',
						default: false,
						description: 'Whether to fetch the signed documents of the envelope (or of the file) and add them as signedDocuments',
					},
				]),
			],
		}),
		credentials: [{ name: 'skySlopeFormsOAuth2Api', required: true }],
		// What the trigger panel says. SkySlope calls only the URL a file was first subscribed to (the
		// production one), and listening subscribes nothing: the user sends the test event, as below.
		eventTriggerDescription: 'Waiting for a signing notification at the Test URL (the node\'s panel says how to send one)',
		triggerPanel: {
			header: 'Pull in signings from SkySlope Forms',
			executionsHelp: {
				inactive:
					'Listening for a test event subscribes nothing: SkySlope calls only the URL a file was first subscribed to, the production one. To see a test run, click Execute step (it listens) and send a notification to the Test URL yourself (the sandbox\'s sign page has "Also send to"; on a real account, post a notification a published run received). Once the workflow is published, every signing on a watched file starts it.',
				active: 'The workflow is published: every signing on a watched file starts it. Open a run in Executions, then Debug in editor to load its data here.',
			},
		},
		icon: { light: 'file:skySlope.svg', dark: 'file:skySlope.dark.svg' },
		subtitle: 'Documents signed',
	};

	methods = {
		listSearch: { searchFiles: listSearch.searchFiles },
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				if (this.getMode() === 'manual') return true;
				// A polling SkySlope Trigger of the workflow then refuses to run (shared/sharedWorkflow.ts).
				markSigningTrigger(this, true);
				const data = state(this);
				const webhookUrl = this.getNodeWebhookUrl('default');
				if (!data.subscription || !data.secret || !webhookUrl) return false;
				const wanted = chosenFileIds(this);
				const had = data.subscription.fileIds ?? [];
				const same = data.subscription.url === subscribedUrl(webhookUrl, data.secret) && wanted.length === had.length && wanted.every((id) => had.includes(id));
				if (!same) return false;
				// n8n believing it is subscribed is not enough: the service may have forgotten (a restart,
				// a key rotation). It offers no way to list subscriptions, but subscribing again is harmless
				// (208 when it still holds one), so ask it, and subscribe again what it forgot.
				const renewed = await subscribeFiles(this, wanted, data.subscription.url);
				const now = new Date().toISOString();
				data.subscription.checkedAt = now;
				if (renewed.length) {
					data.subscription.renewed = { fileIds: renewed, at: now };
					this.logger.warn(`SkySlope Signing Trigger: the service no longer held the subscription of file(s) ${renewed.join(', ')}; subscribed again`);
				}
				return true;
			},

			async create(this: IHookFunctions): Promise<boolean> {
				// A test listener would bind the files to the test URL for good: subscribe nothing.
				if (this.getMode() === 'manual') return true;
				const webhookUrl = this.getNodeWebhookUrl('default');
				if (!webhookUrl) throw new NodeOperationError(this.getNode(), 'n8n gave no webhook URL for this trigger');
				const fileIds = chosenFileIds(this);
				const data = state(this);
				// Kept across deactivation: the service keeps the first URL a file was subscribed to.
				data.secret ??= (await deriveSecret(this, webhookUrl)) ?? randomBytes(24).toString('hex');
				const url = subscribedUrl(webhookUrl, data.secret);
				await subscribeFiles(this, fileIds, url);
				data.subscription = { url, fileIds, at: new Date().toISOString() };
				return true;
			},

			async delete(this: IHookFunctions): Promise<boolean> {
				if (this.getMode() === 'manual') return true;
				// The service has no unsubscribe: forget the subscription (the secret stays).
				delete state(this).subscription;
				markSigningTrigger(this, false);
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const data = state(this);
		const query = this.getQueryData() as IDataObject;
		const webhookUrl = this.getNodeWebhookUrl('default');
		const expected = data.secret ?? (webhookUrl ? await deriveSecret(this, webhookUrl) : undefined);
		// The test URL is subscribed to nothing, so no service call carries its secret: a test event
		// (from the sandbox's sign page, or a real notification sent again by hand) comes without one,
		// and is accepted only once the service confirms the signing it names (deliver).
		const testEvent = this.getMode() === 'manual' && query.secret === undefined;
		if (!testEvent && !sameSecret(query.secret, expected)) {
			return respond(this, 401, { message: 'Unauthorized: this URL needs the secret it was subscribed with' });
		}
		const request = this.getRequestObject();
		const size = request.rawBody?.length ?? Number(request.headers['content-length'] ?? 0);
		if (size > MAX_NOTIFICATION_BYTES) {
			return respond(this, 413, { message: `A notification is at most ${MAX_NOTIFICATION_BYTES} bytes; this one has ${size}` });
		}
		const body = this.getBodyData();
		const facts = readNotification(body);
		const fileId = facts.fileId;
		if (fileId === undefined) return { webhookResponse: { received: true, ignored: 'no fileId in the notification' } };
		let watched: number[];
		try {
			watched = chosenFileIds(this);
		} catch {
			watched = [];
		}
		if (!watched.includes(fileId)) {
			return { webhookResponse: { received: true, ignored: `file ${fileId} is not watched by this trigger` } };
		}
		const options = this.getNodeParameter('options', {}) as IDataObject;
		return await deliver(this, { data, body, facts, fileId, testEvent, options });
	}
}
