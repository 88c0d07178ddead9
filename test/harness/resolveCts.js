'use strict';
/**
 * Jest resolver: a relative `./name.cjs` that does not exist is the TypeScript file `./name.cts`. Tests, benchmarks
 * and scripts are CommonJS TypeScript (`.cts`), and TypeScript has a `.cts` module imported as `./name.cjs`, the
 * name of what it compiles to; ts-jest compiles it in memory, so only this mapping is missing (ts-node has the same
 * one as `experimentalResolver` in tsconfig.json).
 */
module.exports = (request, options) => {
	try {
		return options.defaultResolver(request, options);
	} catch (error) {
		if (/^\.{1,2}\/.*\.cjs$/.test(request)) return options.defaultResolver(request.replace(/\.cjs$/, '.cts'), options);
		throw error;
	}
};
