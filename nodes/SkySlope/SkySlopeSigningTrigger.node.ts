import { randomBytes } from 'crypto';
import {
	NodeOperationError,
	type IDataObject,
	type IHookFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { triggerNodeDescription } from './shared';
import { type Claim } from './shared/webhookClaims';
import { listSignedDocuments } from './forms/helpers/binary';
import { claimNotification, itemPerDocument, itemPerNotification } from './forms/helpers/deliveries';
import { optionsCollection, watchedFileLocator } from './forms/helpers/fields';
import { subscribeFile } from './forms/helpers/subscribe';
import {
	chosenFileIds,
	deriveSecret,
	MAX_NOTIFICATION_BYTES,
	markSave,
	readNotification,
	sameSecret,
	savedOver,
	seenKey,
	SEVERAL_PROCESSORS_NOTICE,
	state,
	subscribedUrl,
} from './forms/helpers/triggerState';
import * as listSearch from './forms/methods/listSearch';
import { formsService } from './forms/service';

/**
 * The webhook trigger of signed documents (SkySlope Forms): activating it subscribes the chosen files.
 */
export class SkySlopeSigningTrigger implements INodeType {
	description: INodeTypeDescription = {
		...triggerNodeDescription({
			name: 'skySlopeSigningTrigger',
			displayName: 'SkySlope Signing Trigger',
			description: 'Starts the workflow when documents on chosen SkySlope Forms files are signed',
			credentials: [{ name: formsService.credentialType, required: true }],
			webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
			properties: [
				{
					displayName:
						'Activating the workflow subscribes each file to this workflow\'s production URL; every activation (and n8n start, where n8n checks webhooks then) confirms the service still holds it, and subscribes again if not. SkySlope Forms has no unsubscribe: deactivating only makes n8n forget the subscription, and a file keeps the first URL it was subscribed to. Listening for a test event subscribes nothing: it takes a notification sent to the test URL (see the docs).',
					name: 'subscriptionNotice',
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
				const data = state(this);
				const webhookUrl = this.getNodeWebhookUrl('default');
				if (!data.subscription || !data.secret || !webhookUrl) return false;
				const wanted = chosenFileIds(this);
				const had = data.subscription.fileIds ?? [];
				const same =
					data.subscription.url === subscribedUrl(webhookUrl, data.secret) &&
					wanted.length === had.length &&
					wanted.every((id) => had.includes(id));
				if (!same) return false;
				// n8n believing it is subscribed is not enough: the service may have forgotten (a restart,
				// a key rotation). It offers no way to list subscriptions, but subscribing again is harmless
				// (208 when it still holds one), so ask it, and subscribe again what it forgot.
				const renewed: number[] = [];
				for (const fileId of wanted) {
					const answer = await subscribeFile.call(this, fileId, data.subscription.url);
					if (answer.subscribed !== true) {
						throw new NodeOperationError(this.getNode(), `SkySlope Forms did not subscribe file ${fileId}`, {
							description: `It answered ${JSON.stringify(answer)}`,
						});
					}
					if (!answer.alreadySubscribed) renewed.push(fileId);
				}
				const now = new Date().toISOString();
				data.subscription.checkedAt = now;
				if (renewed.length) {
					data.subscription.renewed = { fileIds: renewed, at: now };
					this.logger.warn(
						`SkySlope Signing Trigger: the service no longer held the subscription of file(s) ${renewed.join(', ')}; subscribed again`,
					);
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
				for (const fileId of fileIds) {
					// 200 {subscribed} or 208 "already subscribed": both leave the file subscribed.
					const answer = await subscribeFile.call(this, fileId, url);
					if (answer.subscribed !== true) {
						throw new NodeOperationError(this.getNode(), `SkySlope Forms did not subscribe file ${fileId}`, {
							description: `It answered ${JSON.stringify(answer)}`,
						});
					}
				}
				data.subscription = { url, fileIds, at: new Date().toISOString() };
				return true;
			},

			async delete(this: IHookFunctions): Promise<boolean> {
				if (this.getMode() === 'manual') return true;
				// The service has no unsubscribe: forget the subscription (the secret stays).
				delete state(this).subscription;
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const data = state(this);
		const query = this.getQueryData() as IDataObject;
		const webhookUrl = this.getNodeWebhookUrl('default');
		const refuse = (status: number, message: string): IWebhookResponseData => {
			const res = this.getResponseObject();
			res.writeHead(status, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ message }));
			return { noWebhookResponse: true };
		};
		const expected = data.secret ?? (webhookUrl ? await deriveSecret(this, webhookUrl) : undefined);
		// The test URL is subscribed to nothing, so no service call carries its secret: a test event
		// (from the sandbox's sign page, or a real notification sent again by hand) comes without one,
		// and is accepted only once the service confirms the signing it names (below).
		const testEvent = this.getMode() === 'manual' && query.secret === undefined;
		if (!testEvent && !sameSecret(query.secret, expected)) {
			return refuse(401, 'Unauthorized: this URL needs the secret it was subscribed with');
		}
		const request = this.getRequestObject();
		const size = request.rawBody?.length ?? Number(request.headers['content-length'] ?? 0);
		if (size > MAX_NOTIFICATION_BYTES) {
			return refuse(413, `A notification is at most ${MAX_NOTIFICATION_BYTES} bytes; this one has ${size}`);
		}
		const body = this.getBodyData();
		const facts = readNotification(body);
		const fileId = facts.fileId;
		if (fileId === undefined) {
			return { webhookResponse: { received: true, ignored: 'no fileId in the notification' } };
		}
		let watched: number[];
		try {
			watched = chosenFileIds(this);
		} catch {
			watched = [];
		}
		if (!watched.includes(fileId)) {
			return { webhookResponse: { received: true, ignored: `file ${fileId} is not watched by this trigger` } };
		}

		// The signed-document list is read at most once, whoever needs it first.
		let listing: Promise<IDataObject[]> | undefined;
		const listed = async () => await (listing ??= listSignedDocuments(this, fileId, facts.formsEnvelopeId));
		if (testEvent) {
			let confirmed = false;
			try {
				const records = await listed();
				confirmed = records.some(
					(r) =>
						(facts.envelopeGuid === undefined || r.envelopeId === facts.envelopeGuid) &&
						(facts.documentIds.length === 0 || facts.documentIds.includes(Number(r.documentId))),
				);
			} catch {
				confirmed = false;
			}
			if (!confirmed) {
				return refuse(
					401,
					`Unauthorized: a test event without the secret is taken only when SkySlope Forms lists the signing it names, and it lists none for file ${fileId}`,
				);
			}
		}

		const options = this.getNodeParameter('options', {}) as IDataObject;
		const once = options.ignoreRepeats !== false && !testEvent;
		// Requests of one workflow run side by side, each on its own copy of the static data: keys are
		// claimed in this process at once (claimKeys), given back if the delivery fails, and every key
		// this process holds is written before answering, so that no concurrent save loses one.
		const claims: Claim[] = [];
		const notices: string[] = [];
		// Never silent: a process whose save another overwrote says so on every run it starts.
		if (savedOver(this, data)) notices.push(SEVERAL_PROCESSORS_NOTICE);
		// The signings this notification delivers, each with its key (one, unless it carries no time).
		let signings: Array<{ key: string; signedAt?: string }> = [{ key: seenKey(body) }];
		if (once) {
			const seen = await claimNotification(this, { data, body, facts, listed });
			if (seen.repeat) return { webhookResponse: { received: true, ignored: 'repeat of a handled notification' } };
			notices.push(...seen.notices);
			if (seen.claim) {
				claims.push(seen.claim);
				signings = seen.claim.taken.map((key) => ({ key, signedAt: seen.signedAt?.[key] }));
			}
		}

		const receivedAt = new Date().toISOString();
		const prefix = typeof options.binaryPrefix === 'string' && options.binaryPrefix ? options.binaryPrefix : 'document_';
		let items: INodeExecutionData[] = [];
		let done = false;
		try {
			items =
				options.oneItemPerDocument === true
					? await itemPerDocument(this, {
							fileId,
							facts,
							body,
							receivedAt,
							download: options.downloadDocuments === true,
							prefix,
							listed,
							claims: once ? claims : undefined,
						})
					: fanOut(await itemPerNotification(this, { fileId, facts, body, receivedAt, options, prefix, listed }), signings);
			done = true;
		} finally {
			// A delivery that failed gives its keys back: a resend must deliver them.
			if (!done) for (const claim of claims) claim.release();
		}
		for (const claim of claims) claim.save();
		// n8n never saves a test event's static data: its mark would be missed as if overwritten.
		if (this.getMode() !== 'manual') markSave(this, data);
		for (const item of items) {
			item.json.deliveryKey ??= signings[0].key;
			if (notices.length) item.json.notice = [item.json.notice, ...notices].filter(Boolean).join(' ');
		}
		if (notices.length) this.logger.warn(`SkySlope Signing Trigger: ${notices.join(' ')}`);
		if (!items.length) {
			return { webhookResponse: { received: true, ignored: 'every signed document of this signing was delivered before' } };
		}
		// Answer here, before n8n starts the run: n8n saves the static data changed above (the
		// seen-set) when the webhook has answered, and starting the run first would lose the change.
		const res = this.getResponseObject();
		res.writeHead(200, { 'content-type': 'application/json' });
		res.end(JSON.stringify({ received: true }));
		return { noWebhookResponse: true, workflowData: [items] };
	}
}

/**
 * A notification without a signing time that stands for several signings not delivered yet: one
 * item each, with its own deliveryKey and signing time, so that a write keyed on deliveryKey keeps
 * every signing whichever processor delivers it too.
 */
function fanOut(item: INodeExecutionData, signings: Array<{ key: string; signedAt?: string }>): INodeExecutionData[] {
	if (signings.length < 2) return [item];
	const notice = `This notification carries no signing time and stands for the ${signings.length} signings of its envelope not delivered before: one item each.`;
	return signings.map(({ key, signedAt }) => ({ ...item, json: { ...item.json, deliveryKey: key, ...(signedAt ? { signedAt } : {}), notice } }));
}
