// Lints files the way n8n's community package scanner (@n8n/scan-community-package) does, offline:
// n8n's community-node rules (recommended set) plus no-console on every file, the n8n-nodes-base
// package rules on package.json, its credential and node rules on TypeScript sources, and inline
// `eslint-disable` comments ignored. An ES module run as a child process because the rule plugin is
// an ES module that jest's CommonJS runtime cannot load.
//
// node scanner-lint.mjs <cwd> <glob>...   prints a JSON array of error-level findings.
import { createRequire } from 'node:module';

const [cwd, ...patterns] = process.argv.slice(2);
// Jest sets NODE_ENV=test, which puts eslint-plugin-n8n-nodes-base into its own test mode (every
// file then counts as "Test.node.ts"): the scanner never runs that way.
delete process.env.NODE_ENV;
const require = createRequire(import.meta.url);
// The rule sets `n8n-node lint` itself uses: resolved from n8n's node CLI, which brings them.
const nodeCli = createRequire(require.resolve('@n8n/node-cli/eslint'));

const { ESLint } = require('eslint');
const { n8nCommunityNodesPlugin } = await import('@n8n/eslint-plugin-community-nodes');
const nodesBase = nodeCli('eslint-plugin-n8n-nodes-base');
const { parser } = nodeCli('typescript-eslint');

const config = [
	n8nCommunityNodesPlugin.configs.recommended,
	{ rules: { 'no-console': 'error' } },
	{ plugins: { 'n8n-nodes-base': nodesBase } },
	{ files: ['package.json'], rules: { ...nodesBase.configs.community.rules } },
	{
		files: ['**/credentials/**/*.ts'],
		rules: {
			...nodesBase.configs.credentials.rules,
			// The scanner switches these two off, as `n8n-node lint` does.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
			'n8n-nodes-base/cred-class-field-type-options-password-missing': 'off',
		},
	},
	{
		files: ['**/nodes/**/*.ts'],
		rules: {
			...nodesBase.configs.nodes.rules,
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
			'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
		},
	},
	{ files: ['**/*.json', '**/*.ts'], languageOptions: { parser } },
	{ files: ['**/*.js'], languageOptions: { parserOptions: { ecmaVersion: 2022, sourceType: 'commonjs' } } },
];

const eslint = new ESLint({ cwd, allowInlineConfig: false, overrideConfigFile: true, overrideConfig: config, errorOnUnmatchedPattern: false });
const results = await eslint.lintFiles(patterns);
const findings = results.flatMap((r) =>
	r.messages
		.filter((m) => m.severity === 2)
		.map((m) => ({ file: r.filePath.slice(cwd.length + 1), line: m.line, rule: m.ruleId, message: m.message })),
);
process.stdout.write(JSON.stringify({ files: results.length, findings }));
