import type { IDataObject, IExecuteFunctions, IHttpRequestMethods, INodeProperties } from 'n8n-workflow';

import { defineOperation, inputError, type ApiContext, type Operation } from '../../shared';
import type { FormField } from './forms';
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
	/** Top-level form fields the operation sets from its own pickers. */
	exclude?: string[];
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
export function asJsonString(body: IDataObject): string {
	return JSON.stringify(JSON.stringify(body));
}

/**
 * A create or update whose body is a form: the resource mapper offers the form's fields, the body
 * is rebuilt from what the user mapped, checked, then sent.
 */
export function formDrivenWrite(spec: FormDrivenWrite): Operation {
	const operation = defineOperation({
		value: spec.value,
		name: spec.name,
		action: spec.action,
		description: spec.description,
		properties: [...spec.properties, formFieldsProperty(spec.dependsOn ?? [], spec.form.partial === true)],
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const r = executeReader(this, itemIndex);
			const path = spec.path(r);
			const mapped = mappedBody(this, itemIndex);
			if (spec.form.partial && Object.keys(mapped).length === 0) {
				throw inputError(this, 'Fields', itemIndex, 'map at least one field to change');
			}
			const body = { ...mapped, ...(spec.extraBody?.(r) ?? {}) };
			if (spec.check) await spec.check.call(this, r, body);
			const envelope = await skySlopeRequest.call(this, {
				method: spec.method,
				path,
				body: spec.bodyAsString ? asJsonString(body) : body,
				itemIndex,
			});
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

/** One request, its answer unwrapped: the shape of gets, form reads and fixed-body writes. */
export function simpleRequest(spec: SimpleRequest): Operation {
	return defineOperation({
		value: spec.value,
		name: spec.name,
		action: spec.action,
		description: spec.description,
		properties: spec.properties,
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

/** A "Get ... Form" operation: the form's fields, whether each is required, allowed values. */
export function getForm(spec: Common & { properties: INodeProperties[]; request: (r: Reader) => { path: string; qs?: IDataObject } }): Operation {
	return simpleRequest({
		...spec,
		method: 'GET',
		path: (r) => spec.request(r).path,
		qs: (r) => spec.request(r).qs ?? {},
	});
}

/** Reads a record's current state for a limit check (spec 2.6), through the same transport. */
export async function currentValue(ctx: ApiContext, path: string, itemIndex: number): Promise<IDataObject> {
	const envelope = await skySlopeRequest.call(ctx, { method: 'GET', path, itemIndex });
	const value = envelope.value;
	return value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : {};
}
