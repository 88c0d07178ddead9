const { src, dest } = require('gulp');

/** tsc compiles the TypeScript; the SVG icons and the JSON files (codex, __schema__ previews) are copied beside the compiled files. */
function buildIcons() {
	return src(['nodes/**/*.{svg,png,json}', 'credentials/**/*.{svg,png}'], { base: '.', encoding: false }).pipe(
		dest('dist'),
	);
}

exports['build:icons'] = buildIcons;
