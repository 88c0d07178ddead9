/** The bench's command-line arguments: `--name` flags and `--name value` / `--name=value` options. */
const argv = process.argv.slice(2);

export const flag = (name: string): boolean => argv.includes(`--${name}`);

export const option = (name: string): string | undefined => {
	const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
	if (i < 0) return undefined;
	return argv[i].includes('=') ? argv[i].split('=')[1] : argv[i + 1];
};

/** Every argument as given. */
export const args = argv;
