/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- the sandbox is dev tooling, never shipped in dist */
// What the forms service keeps across its own restarts when given a folder (SandboxOptions.stateDir):
// the webhook subscriptions of the seeded files and the OAuth tokens, as a real service would. Files,
// envelopes and documents made at run time are not kept: the seeded data comes back the same.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { AccessToken, FormsAuth, RefreshToken } from './auth';
import type { FormsStore } from './store';

interface Saved {
	version: 1;
	/** fileId -> the webhookUrl it was subscribed to. */
	subscriptions: Record<string, string>;
	accessTokens: AccessToken[];
	refreshTokens: RefreshToken[];
}

export interface FormsPersistence {
	/** The file it writes, or undefined when the sandbox keeps everything in memory. */
	readonly file: string | undefined;
	save(): void;
}

/** Loads what an earlier run saved (if anything) and returns the saver. */
export function formsPersistence(stateDir: string | undefined, store: FormsStore, auth: FormsAuth): FormsPersistence {
	if (!stateDir) return { file: undefined, save: () => undefined };
	const file = join(stateDir, 'forms.json');
	mkdirSync(stateDir, { recursive: true });
	let saved: Partial<Saved> = {};
	let unreadable: string | undefined;
	try {
		saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<Saved>;
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ENOENT') unreadable = (error as Error).message;
	}
	// Loud, not an empty start: a sandbox that silently forgot would hide the very bug it models.
	if (unreadable !== undefined) throw new Error(`the forms sandbox cannot read its saved state ${file}: ${unreadable}`);
	for (const [id, url] of Object.entries(saved.subscriptions ?? {})) {
		const record = store.files.get(Number(id));
		if (record && typeof url === 'string') record.webhookUrl = url;
	}
	auth.importTokens(saved);
	const save = () => {
		const subscriptions: Record<string, string> = {};
		for (const record of store.files.values()) if (record.webhookUrl !== undefined) subscriptions[record.id] = record.webhookUrl;
		const body: Saved = { version: 1, subscriptions, ...auth.exportTokens() };
		// Write then rename: a sandbox stopped half-way never leaves a torn file.
		const temporary = `${file}.${process.pid}.tmp`;
		writeFileSync(temporary, `${JSON.stringify(body, null, 2)}\n`);
		renameSync(temporary, file);
	};
	auth.onChange = save;
	return { file, save };
}
