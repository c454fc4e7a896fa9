// Node codex files sit beside the nodes as `X.node.json`. Under ts-node, `require('./X.node')`
// tries `.js`, `.json`, `.node` before `.ts`, so it would load the codex instead of the node.
// Imported first by run.ts: moves `.json` (and `.node`) after `.ts` in the resolution order.
const extensions = (module.constructor as unknown as { _extensions: Record<string, unknown> })._extensions;
for (const ext of ['.json', '.node']) {
	const handler = extensions[ext];
	if (handler && '.ts' in extensions) {
		delete extensions[ext];
		extensions[ext] = handler;
	}
}
