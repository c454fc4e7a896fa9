import { createHmac, randomBytes, timingSafeEqual } from 'crypto';
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

import { p } from '../shared';
import { subscribeFile } from './actions/file/subscribe.operation';
import { recordsOf } from './actions/utils';
import * as listSearch from './methods/listSearch';
import { FORMS_CREDENTIAL, formsFullRequest, formsRequest } from './transport';

/** How many handled notifications the trigger remembers to recognise a repeat. */
export const SEEN_LIMIT = 200;
/**
 * A signed-documents notification is well under a kilobyte; anything much larger is not one. Refused
 * before it is parsed further or starts a run (n8n's own cap, N8N_PAYLOAD_SIZE_MAX, is 16 MB).
 */
const MAX_NOTIFICATION_BYTES = 64 * 1024;

/** What the trigger keeps in the workflow's static data. */
export interface TriggerState extends IDataObject {
	/** Generated once; part of the subscribed URL. A notification without it is refused. */
	secret?: string;
	/** What create() subscribed: the URL given to the service and the files. */
	subscription?: { url: string; fileIds: number[]; at: string };
	/** Keys of notifications already handled, oldest first, at most SEEN_LIMIT. */
	seen?: string[];
}

function state(ctx: IHookFunctions | IWebhookFunctions): TriggerState {
	return ctx.getWorkflowStaticData('node') as TriggerState;
}

/** The file ids chosen in the Files parameter (resource locators in a fixed collection). */
export function chosenFileIds(ctx: IHookFunctions | IWebhookFunctions): number[] {
	const raw = ctx.getNodeParameter('files', {}) as IDataObject;
	const rows = (Array.isArray(raw.file) ? raw.file : []) as IDataObject[];
	const ids: number[] = [];
	rows.forEach((row, n) => {
		const locator = row.fileId;
		const value =
			locator && typeof locator === 'object' ? (locator as IDataObject).value : (locator as string | number | undefined);
		const text = String(value ?? '').trim();
		if (!/^\d+$/.test(text) || Number(text) < 1 || !Number.isSafeInteger(Number(text))) {
			throw new NodeOperationError(ctx.getNode(), `Files: entry ${n + 1} is not a file ID (a whole number), got "${text}"`);
		}
		if (!ids.includes(Number(text))) ids.push(Number(text));
	});
	if (ids.length === 0) throw new NodeOperationError(ctx.getNode(), 'Files: choose at least one file to watch');
	return ids;
}

/**
 * The secret of this trigger's URL. Derived from the credential's client secret and the webhook URL,
 * so that the same trigger always gets the same one even when its static data is lost (a failed
 * activation, a renamed node): the service keeps the first URL a file was subscribed to, for good.
 * Random when the credential has no client secret.
 */
async function deriveSecret(ctx: IHookFunctions | IWebhookFunctions, webhookUrl: string): Promise<string | undefined> {
	const credentials = await ctx.getCredentials(FORMS_CREDENTIAL);
	const key = typeof credentials.clientSecret === 'string' ? credentials.clientSecret : '';
	if (!key) return undefined;
	return createHmac('sha256', key).update(`skySlopeFormsTrigger\n${webhookUrl}`).digest('hex').slice(0, 48);
}

/** The URL the service is given: n8n's webhook URL with the secret as a query parameter. */
function subscribedUrl(webhookUrl: string, secret: string): string {
	const url = new URL(webhookUrl);
	url.searchParams.set('secret', secret);
	return url.toString();
}

function sameSecret(given: unknown, expected: string | undefined): boolean {
	if (typeof given !== 'string' || !expected) return false;
	const a = Buffer.from(given, 'utf8');
	const b = Buffer.from(expected, 'utf8');
	return a.length === b.length && timingSafeEqual(a, b);
}

/** What identifies a notification: a resend of the same one has the same key. */
export function notificationKey(body: IDataObject): string {
	const ids = Array.isArray(body.documentIds) ? [...(body.documentIds as unknown[])].map(String).sort() : [];
	return [body.fileId, body.formsEnvelopeId, body.envelopeId, body.signedAt, ids.join('.')].map((v) => String(v ?? '')).join('|');
}

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
						values: [
							{
								displayName: 'File',
								name: 'fileId',
								type: 'resourceLocator',
								default: { mode: 'list', value: '' },
								modes: [
									{
										displayName: 'From List',
										name: 'list',
										type: 'list',
										typeOptions: { searchListMethod: 'searchFiles', searchable: true },
									},
									{
										displayName: 'By ID',
										name: 'id',
										type: 'string',
										placeholder: 'e.g. 1234',
										validation: [
											{
												type: 'regex',
												properties: {
													regex: '^\\s*[1-9][0-9]*\\s*$',
													errorMessage: 'Not a valid file ID (a whole number)',
												},
											},
										],
									},
								],
							},
						],
					},
				],
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
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
				],
			},
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
					const response = await formsFullRequest.call(this, {
						method: 'GET',
						path: p`/files/${fileId}/documents/download`,
						qs: { documentIds: String(documentId) },
						headers: { accept: 'application/pdf, application/json' },
						encoding: 'arraybuffer',
					});
					const bytes = Buffer.isBuffer(response.body) ? response.body : Buffer.from(response.body as ArrayBuffer);
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
