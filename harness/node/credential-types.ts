/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
import { readdirSync } from 'node:fs';
import path from 'node:path';

import type { ICredentialType, INodeProperties } from 'n8n-workflow';
import { NodeHelpers, UnexpectedError } from 'n8n-workflow';

import { OAuth2Api } from './oauth2-api';

export type CredentialClass = new () => ICredentialType;

/**
 * The credential types a run can use, by name: n8n's `oAuth2Api` (our copy), anything a test
 * registers, and, found on first use, every class exported by the package's
 * `credentials/*.credentials.ts` files.
 */
export class CredentialTypes {
	private readonly types = new Map<string, ICredentialType>();

	private discovered = false;

	private readonly discoveryErrors: string[] = [];

	constructor(extra: Array<CredentialClass | ICredentialType> = []) {
		this.add(new OAuth2Api());
		for (const type of extra) this.add(type);
	}

	add(type: CredentialClass | ICredentialType): ICredentialType {
		const instance = typeof type === 'function' ? new type() : type;
		this.types.set(instance.name, instance);
		return instance;
	}

	recognizes(name: string): boolean {
		if (!this.types.has(name)) this.discover();
		return this.types.has(name);
	}

	getByName(name: string): ICredentialType {
		if (!this.recognizes(name)) {
			const hint = this.discoveryErrors.length
				? ` (some credential files failed to load: ${this.discoveryErrors.join('; ')})`
				: '';
			throw new UnexpectedError(`Unknown credential type "${name}"${hint}`);
		}
		return this.types.get(name) as ICredentialType;
	}

	/** All ancestors, nearest first, as n8n's CredentialTypes.getParentTypes returns them. */
	getParentTypes(name: string): string[] {
		const parents = this.getByName(name).extends ?? [];
		const all = [...parents];
		for (const parent of parents) all.push(...this.getParentTypes(parent));
		return all;
	}

	/** The credential's properties merged with its parents', as n8n's CredentialsHelper builds them. */
	getProperties(name: string): INodeProperties[] {
		const type = this.getByName(name);
		if (type.extends === undefined) {
			if (name === 'oAuth2Api' || name === 'oAuth1Api') {
				return [
					...type.properties,
					{ displayName: 'oauthTokenData', name: 'oauthTokenData', type: 'json', default: {} },
				];
			}
			return type.properties;
		}
		const combined: INodeProperties[] = [];
		for (const parent of type.extends) {
			NodeHelpers.mergeNodeProperties(combined, this.getProperties(parent));
		}
		NodeHelpers.mergeNodeProperties(combined, type.properties);
		return combined;
	}

	private discover(): void {
		if (this.discovered) return;
		this.discovered = true;
		const dir = path.resolve(__dirname, '..', '..', 'credentials');
		let files: string[];
		try {
			files = readdirSync(dir).filter((file) => /\.credentials\.ts$/.test(file));
		} catch {
			return;
		}
		for (const file of files) {
			try {
				// eslint-disable-next-line @typescript-eslint/no-require-imports
				const moduleExports = require(path.join(dir, file)) as Record<string, unknown>;
				for (const exported of Object.values(moduleExports)) {
					if (typeof exported !== 'function') continue;
					const instance: unknown = new (exported as new () => unknown)();
					if (isCredentialType(instance) && !this.types.has(instance.name)) this.add(instance);
				}
			} catch (error) {
				this.discoveryErrors.push(`${file}: ${(error as Error).message}`);
			}
		}
	}
}

function isCredentialType(value: unknown): value is ICredentialType {
	return (
		typeof value === 'object' &&
		value !== null &&
		typeof (value as ICredentialType).name === 'string' &&
		Array.isArray((value as ICredentialType).properties)
	);
}
