import { FIXTURES } from '../emulator/index.cjs';
import { useEmulator } from './v2/helpers.cjs';
const ctx = useEmulator();
it('shape', async () => {
	const r = await ctx.run({ authentication: 'oAuth2', resource: 'examine', operation: 'rewards', examineFor: 'member', examineMemberId: FIXTURES.memberId } as any);
	console.log(JSON.stringify(r.items.map((i) => i.json)).slice(0, 3000), r.error?.message);
});
