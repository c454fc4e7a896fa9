// Copies what tsc does not emit (icons and JSON) next to the compiled nodes and credentials.
const { src, dest } = require('gulp');

function copyAssets() {
	return src(['nodes/**/*.{png,svg,json}', 'credentials/**/*.{png,svg,json}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

exports['build:assets'] = copyAssets;
