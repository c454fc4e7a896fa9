/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// The example workflows of examples/ as the tests read them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

export const EXAMPLES_FOLDER = path.join(__dirname, '../../examples');

/** The example workflows whose file name matches, each with its nodes, in the folder's order. */
export function examplesNamed(pattern: RegExp): Array<{ file: string; workflow: { nodes: IDataObject[] } }> {
	return readdirSync(EXAMPLES_FOLDER)
		.filter((file) => pattern.test(file))
		.map((file) => ({ file, workflow: JSON.parse(readFileSync(path.join(EXAMPLES_FOLDER, file), 'utf8')) as { nodes: IDataObject[] } }));
}
