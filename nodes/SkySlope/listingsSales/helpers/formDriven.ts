import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type IHttpRequestMethods,
	type INodeProperties,
} from 'n8n-workflow';

import { asNodeError, defineOperation, inputError, type Operation } from '../../shared';
import { checkFormBody, describePayload, formFieldsIn, type FormField } from './forms';
import { skySlopeRequest, unwrap } from '../transport';
import { executeReader, formFieldsProperty, mappedBody, type Reader } from './fields';

/** Where the form of a form-driven operation comes from. */
export interface FormSource {
	/** The form operation's path (and query), read with the same parameters as the write. */
	request?: (r: Reader) => { path: string; qs?: IDataObject };
	/** For bodies the service documents without a form operation: the fields, fixed. */
	fields?: FormField[];
	/** An update: nothing is mandatory. */
	partial?: boolean;
	/**
	 * The service publishes no form for it, so `fields` are only what it documents: a field not
	 * listed is sent as given, not refused (clients of the live service send others that work).
	 */
	open?: boolean;
	/** Top-level form fields the operation sets from its own pickers. */
	exclude?: string[];
	/** The parameters reading the form needs, when fewer than the write's (default: the write's own). */
	properties?: INodeProperties[];
}

/** The form behind each form-driven operation, for the resource mapper to load. */
const formSources = new WeakMap<Operation, FormSource>();

export function formSourceOf(operation: Operation | undefined): FormSource | undefined {
	return operation ? formSources.get(operation) : undefined;
}

interface Common {
	value: string;
	name: string;
	action: string;
	description: string;
	/** When an AI agent should use it and what it returns (OperationDefinition.toolDescription). */
	toolDescription?: string;
}

export interface FormDrivenWrite extends Common {
	method: Extract<IHttpRequestMethods, 'POST' | 'PUT' | 'PATCH'>;
	/** The record's fields (locators, pickers) shown above the form fields. */
	properties: INodeProperties[];
	/** The path written to. */
	path: (r: Reader) => string;
	form: FormSource;
	/** Parameters the resource mapper reloads on, e.g. `listingGuid.value`. */
	dependsOn?: string[];
	/** Body fields set from the operation's own parameters (merged over the mapped ones). */
	extraBody?: (r: Reader) => IDataObject;
	/** Checks run on the built body before anything is sent (limits, shapes). */
	check?: (this: IExecuteFunctions, r: Reader, body: IDataObject) => Promise<void> | void;
	/** The service takes this body as a JSON string whose text is the object (spec 4.7, 4.8). */
	bodyAsString?: boolean;
	/** Whether the answer's links carry meaning (after a create: where the record and its forms are). */
	keepLinks?: boolean;
	output?: Output;
}

/** Turns the unwrapped payload into output items (e.g. the record inside, or one per list entry). */
export type Output = (value: unknown, item: IDataObject, r: Reader) => IDataObject | IDataObject[];

/** Sends a body as a JSON string literal: `"{\"a\":1}"`. */
function asJsonString(body: IDataObject): string {
	return JSON.stringify(JSON.stringify(body));
}

/** A form request's identity: the same path and query read the same form. */
function formKey(request: { path: string; qs?: IDataObject }): string {
	const qs = Object.entries(request.qs ?? {}).sort(([a], [b]) => a.localeCompare(b));
	return `${request.path}?${JSON.stringify(qs)}`;
}

interface ReadForm {
	fields: Promise<FormField[]>;
	/** Read again after the service refused a write: not read a third time in this execution. */
	reread: boolean;
}

/**
 * The forms read in one execution, by execution context (one `execute` call: all its items share
 * it) and form request. Spec 1.3 asks for the form before each write because required fields and
 * choices change at any time; once per execution keeps a 50-item run at 51 requests, not 100,
 * and a refusal that names a field reads it once more.
 */
const formsRead = new WeakMap<object, Map<string, ReadForm>>();

async function fetchForm(ctx: IExecuteFunctions, request: { path: string; qs?: IDataObject }, itemIndex: number): Promise<FormField[]> {
	const envelope = await skySlopeRequest.call(ctx, { method: 'GET', path: request.path, qs: request.qs, itemIndex });
	const fields = formFieldsIn(envelope.value);
	if (!fields) {
		throw new NodeOperationError(
			ctx.getNode(),
			`The form at ${request.path} could not be read: the service answered ${describePayload(envelope.value)}, not a list of fields`,
			{ itemIndex, description: 'The write was not sent. Use Get Form to see what the service answers.' },
		);
	}
	return fields;
}

function formOf(
	ctx: IExecuteFunctions,
	request: { path: string; qs?: IDataObject },
	itemIndex: number,
	again = false,
): { fields: Promise<FormField[]>; reread: boolean } {
	let known = formsRead.get(ctx);
	if (!known) formsRead.set(ctx, (known = new Map()));
	const key = formKey(request);
	const cached = known.get(key);
	if (cached && !again) return cached;
	const entry: ReadForm = { fields: fetchForm(ctx, request, itemIndex), reread: again || (cached?.reread ?? false) };
	// A failed read is not kept: the next item (under Continue On Fail) reads the form again.
	entry.fields.catch(() => {
		if (known.get(key) === entry) known.delete(key);
	});
	known.set(key, entry);
	return entry;
}

/** Every field name in a form, at any depth: what a refusal that is about the form mentions. */
function fieldNames(fields: FormField[]): string[] {
	return fields.flatMap((f) => [f.fieldName, ...fieldNames(f.subFields ?? [])]);
}

function bodyKeys(body: unknown): string[] {
	if (Array.isArray(body)) return body.flatMap(bodyKeys);
	if (!body || typeof body !== 'object') return [];
	return Object.entries(body).flatMap(([key, value]) => [key, ...bodyKeys(value)]);
}

/**
 * Spec 7.2: invalid data is a 422 whose `errors` say what is wrong. A 422 that names a field of the
 * form or of the body may mean the form changed since it was read.
 */
function refusedForAField(error: NodeApiError | NodeOperationError, fields: FormField[], body: IDataObject): boolean {
	if (!(error instanceof NodeApiError) || error.httpCode !== '422') return false;
	const said = `${error.message}\n${error.description ?? ''}`.toLowerCase();
	const names = new Set([...fieldNames(fields), ...bodyKeys(body)].map((n) => n.toLowerCase()).filter((n) => n.length > 1));
	return [...names].some((name) => new RegExp(`(^|[^a-z0-9_])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z0-9_])`).test(said));
}

function formRefusal(ctx: IExecuteFunctions, itemIndex: number, problems: string[], changed: boolean, said?: string) {
	const description = [
		changed
			? 'The service refused the write and its form, read again, differs from the one read at the start of this run: the form changed. Nothing was written for this item.'
			: 'Checked against the form the service answers now (required fields and choices change at any time); nothing was sent.',
		said ? `The service said: ${said}` : '',
		'Open the Fields parameter and refresh the field list to see the form as it is now.',
	]
		.filter(Boolean)
		.join('\n');
	return new NodeOperationError(ctx.getNode(), `Fields: ${problems.join('; ')} [item ${itemIndex}]`, { itemIndex, description });
}

/**
 * A create or update whose body is a form: the resource mapper offers the form's fields, the body
 * is rebuilt from what the user mapped, checked against the form as the service answers it now,
 * then sent.
 */
export function formDrivenWrite(spec: FormDrivenWrite): Operation {
	const operation = defineOperation({
		value: spec.value,
		name: spec.name,
		action: spec.action,
		description: spec.description,
		toolDescription: spec.toolDescription,
		writes: true,
		// One after the other: items often change the same listing or sale (up to 5 sellers, the last
		// update wins), and 100 requests a minute, not latency, bound these writes.
		concurrency: 1,
		properties: [...spec.properties, formFieldsProperty(spec.dependsOn ?? [], spec.form.partial === true)],
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const r = executeReader(this, itemIndex);
			const path = spec.path(r);
			const mapped = mappedBody(this, itemIndex, { open: spec.form.open });
			if (spec.form.partial && Object.keys(mapped).length === 0) {
				throw inputError(this, 'Fields', itemIndex, 'map at least one field to change');
			}
			const own = spec.extraBody?.(r) ?? {};
			const formRequest = spec.form.request?.(r);
			const checkOptions = { partial: spec.form.partial, open: spec.form.open, own: Object.keys(own) };
			const form = formRequest ? await formOf(this, formRequest, itemIndex).fields : (spec.form.fields ?? []);
			const checked = checkFormBody(form, { ...mapped, ...own }, checkOptions);
			if (checked.problems.length) throw formRefusal(this, itemIndex, checked.problems, false);
			const body = checked.body;
			if (spec.check) await spec.check.call(this, r, body);
			let envelope;
			try {
				envelope = await skySlopeRequest.call(this, {
					method: spec.method,
					path,
					body: spec.bodyAsString ? asJsonString(body) : body,
					itemIndex,
				});
			} catch (error) {
				const refused = asNodeError(this.getNode(), error, itemIndex);
				if (!formRequest || !refusedForAField(refused, form, body)) throw refused;
				if (formOf(this, formRequest, itemIndex).reread) throw refused;
				// Read the form once more: a field it changed is named; otherwise the refusal stands.
				// A form that cannot be read again leaves the service's refusal as the answer.
				const fresh = await formOf(this, formRequest, itemIndex, true).fields.catch(() => undefined);
				if (!fresh) throw refused;
				const again = checkFormBody(fresh, { ...mapped, ...own }, checkOptions);
				if (!again.problems.length) throw refused;
				throw formRefusal(this, itemIndex, again.problems, true, refused.message);
			}
			const item = unwrap(envelope, { keepLinks: spec.keepLinks });
			return spec.output ? spec.output(envelope.value, item, r) : item;
		},
	});
	formSources.set(operation, spec.form);
	return operation;
}

export interface SimpleRequest extends Common {
	method: IHttpRequestMethods;
	properties: INodeProperties[];
	path: (r: Reader) => string;
	qs?: (r: Reader) => IDataObject;
	body?: (r: Reader) => unknown;
	check?: (this: IExecuteFunctions, r: Reader) => Promise<void> | void;
	keepLinks?: boolean;
	output?: Output;
}

/** One request, its answer unwrapped: the shape of gets and fixed-body writes. */
export function simpleRequest(spec: SimpleRequest): Operation {
	return defineOperation({
		value: spec.value,
		name: spec.name,
		action: spec.action,
		description: spec.description,
		toolDescription: spec.toolDescription,
		properties: spec.properties,
		writes: spec.method !== 'GET',
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const r = executeReader(this, itemIndex);
			const path = spec.path(r);
			const qs = spec.qs?.(r);
			const body = spec.body?.(r);
			if (spec.check) await spec.check.call(this, r);
			const envelope = await skySlopeRequest.call(this, { method: spec.method, path, qs, body, itemIndex });
			const item = unwrap(envelope, { keepLinks: spec.keepLinks });
			return spec.output ? spec.output(envelope.value, item, r) : item;
		},
	});
}

/** Properties equal but for where they are shown. */
const sameField = (a: INodeProperties, b: INodeProperties) =>
	JSON.stringify({ ...a, displayOptions: undefined }) === JSON.stringify({ ...b, displayOptions: undefined });

/**
 * One "Get Form" operation for a resource, derived from its form-driven writes: the user picks the
 * write (Form For), and the operation reads that write's form with the same parameters the write
 * would. A new form-driven write appears here by itself.
 */
function getFormOperation(kind: string, operations: Operation[]): Operation {
	const writes = operations
		.map((operation) => ({ operation, form: formSources.get(operation) }))
		.filter((w): w is { operation: Operation; form: FormSource & Required<Pick<FormSource, 'request'>> } => !!w.form?.request);
	if (!writes.some((w) => w.operation.value === 'create')) throw new Error(`Get Form of ${kind}: no form-driven Create`);
	// Each parameter once, shown for every write that needs it in that same shape.
	const fields: Array<{ field: INodeProperties; writes: string[] }> = [];
	for (const { operation, form } of writes) {
		const own = form.properties ?? operation.properties.filter((p) => p.type !== 'resourceMapper');
		for (const field of own) {
			const known = fields.find((f) => sameField(f.field, field));
			if (known) known.writes.push(operation.value);
			else fields.push({ field, writes: [operation.value] });
		}
	}
	return defineOperation({
		value: 'getForm',
		name: 'Get Form',
		action: `Get ${kind} form`,
		description: `Read the form behind a ${kind} create or update: its fields, which are required, and their allowed values`,
		toolDescription:
			`Use before creating or changing a ${kind} (or its contacts, commissions, property) to learn which fields that write takes: pick the write in Form For. ` +
			`Returns the form: each field's name, type, whether it is required, and its allowed values.`,
		properties: [
			{
				displayName: 'Form For',
				name: 'formFor',
				type: 'options',
				noDataExpression: true,
				// A literal for n8n's linter; every resource with forms has a form-driven Create.
				default: 'create',
				options: writes
					.map(({ operation }) => ({ name: operation.name, value: operation.value, description: operation.action }))
					.sort((a, b) => a.name.localeCompare(b.name)),
				description: 'The write whose form to read',
			},
			...fields.map(({ field, writes: shownFor }) => ({
				...field,
				displayOptions: { ...field.displayOptions, show: { ...field.displayOptions?.show, formFor: shownFor } },
			})),
		],
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const formFor = this.getNodeParameter('formFor', itemIndex) as string;
			const write = writes.find((w) => w.operation.value === formFor);
			if (!write) throw inputError(this, 'Form For', itemIndex, `"${formFor}" is not a write of a ${kind}`);
			const { path, qs } = write.form.request(executeReader(this, itemIndex));
			return unwrap(await skySlopeRequest.call(this, { method: 'GET', path, qs, itemIndex }));
		},
	});
}

/** A resource's operations followed by the Get Form its form-driven writes derive. */
export const withGetForm = (kind: string, operations: Operation[]): Operation[] => [
	...operations,
	getFormOperation(kind, operations),
];
