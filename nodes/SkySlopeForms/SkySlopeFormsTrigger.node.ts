import { randomBytes } from 'crypto';
import {
	NodeConnectionTypes,
	NodeOperationError,
	type IBinaryKeyData,
	type IDataObject,
	type IHookFunctions,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { p, recordsOf } from '../shared';
import { downloadPath, fetchDocuments } from './helpers/binary';
import { optionsCollection, watchedFileLocator } from './helpers/fields';
import { subscribeFile } from './helpers/subscribe';
import {
	chosenFileIds,
	deriveSecret,
	MAX_NOTIFICATION_BYTES,
	notificationKey,
	sameSecret,
	SEEN_LIMIT,
	state,
	subscribedUrl,
} from './helpers/triggerState';
import * as listSearch from './methods/listSearch';
import { formsRequest } from './transport';

export class SkySlopeFormsTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SkySlope Forms Trigger',
		name: 'skySlopeFormsTrigger',
		icon: { light: 'file:skySlopeForms.svg', dark: 'file:skySlopeForms.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: 'Documents signed',
		description: 'Starts the workflow when documents on chosen SkySlope Forms files are signed',
		defaults: { name: 'SkySlope Forms Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'skySlopeFormsOAuth2Api', required: true }],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
		properties: [
			{
				displayName:
					'Activating the workflow subscribes each file to this workflow\'s production URL. SkySlope Forms has no unsubscribe: deactivating only makes n8n forget the subscription, and a file keeps the first URL it was subscribed to. Listening for a test event subscribes nothing.',
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
					description: 'Whether a notification already handled (the same envelope, documents and time) starts nothing when it arrives again',
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
				return (
					data.subscription.url === subscribedUrl(webhookUrl, data.secret) &&
					wanted.length === had.length &&
					wanted.every((id) => had.includes(id))
				);
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
					await subscribeFile.call(this, fileId, url);
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
		const expected = data.secret ?? (webhookUrl ? await deriveSecret(this, webhookUrl) : undefined);
		if (!sameSecret(query.secret, expected)) {
			const res = this.getResponseObject();
			res.writeHead(401, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ message: 'Unauthorized: this URL needs the secret it was subscribed with' }));
			return { noWebhookResponse: true };
		}
		const request = this.getRequestObject();
		const size = request.rawBody?.length ?? Number(request.headers['content-length'] ?? 0);
		if (size > MAX_NOTIFICATION_BYTES) {
			const res = this.getResponseObject();
			res.writeHead(413, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ message: `A notification is at most ${MAX_NOTIFICATION_BYTES} bytes; this one has ${size}` }));
			return { noWebhookResponse: true };
		}
		const body = this.getBodyData();
		const fileId = Number(body.fileId);
		if (!Number.isSafeInteger(fileId) || fileId < 1) {
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
		const options = this.getNodeParameter('options', {}) as IDataObject;
		const key = notificationKey(body);
		if (options.ignoreRepeats !== false) {
			const seen = Array.isArray(data.seen) ? data.seen : [];
			if (seen.includes(key)) return { webhookResponse: { received: true, ignored: 'repeat of a handled notification' } };
			seen.push(key);
			data.seen = seen.slice(-SEEN_LIMIT);
		}

		const json: IDataObject = { ...body, receivedAt: new Date().toISOString() };
		const envelopeId = Number(body.formsEnvelopeId);
		if (options.includeSignedDocuments === true) {
			const path =
				Number.isSafeInteger(envelopeId) && envelopeId >= 1
					? p`/documents/signed/${fileId}/envelopes/${envelopeId}`
					: p`/documents/signed/${fileId}`;
			try {
				json.signedDocuments = recordsOf(await formsRequest.call(this, { method: 'GET', path }), 'documents');
			} catch (error) {
				// The notification is not lost for want of the list: the run starts and says why.
				json.signedDocumentsError = (error as Error).message;
			}
		}
		const binary: IBinaryKeyData = {};
		if (options.downloadDocuments === true) {
			const ids = (Array.isArray(body.documentIds) ? (body.documentIds as unknown[]) : [])
				.map(Number)
				.filter((id) => Number.isSafeInteger(id) && id >= 1);
			const prefix = typeof options.binaryPrefix === 'string' && options.binaryPrefix ? options.binaryPrefix : 'document_';
			const errors: string[] = [];
			for (const [n, documentId] of ids.entries()) {
				try {
					const { bytes } = await fetchDocuments(
						this,
						downloadPath(fileId, false),
						[documentId],
						'application/pdf, application/json',
					);
					binary[`${prefix}${n}`] = await this.helpers.prepareBinaryData(
						bytes,
						`file-${fileId}-document-${documentId}.pdf`,
						'application/pdf',
					);
				} catch (error) {
					errors.push(`document ${documentId}: ${(error as Error).message}`);
				}
			}
			if (errors.length) json.downloadErrors = errors;
		}
		const item = Object.keys(binary).length ? { json, binary } : { json };
		// Answer here, before n8n starts the run: n8n saves the static data changed above (the
		// seen-set) when the webhook has answered, and starting the run first would lose the change.
		const res = this.getResponseObject();
		res.writeHead(200, { 'content-type': 'application/json' });
		res.end(JSON.stringify({ received: true }));
		return { noWebhookResponse: true, workflowData: [[item]] };
	}
}
