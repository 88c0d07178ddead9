import { FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { useEmulator } from '../v2/helpers.cjs';

const ctx = useEmulator();
const resource = 'user';
const run = (operation: string, parameters: Record<string, unknown> = {}) => ctx.run({ authentication: 'managementKeys', resource, operation, ...parameters } as never);
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const usersPath = `/management/v1/projects/${FIXTURES.projectId}/users`;
const [owner, memberId, outsider] = FIXTURES.userIds;

describe('User: Get Many, Get, Assign, Update, Unassign, Invite', () => {
	it('assigns an account user by login, reads and lists them, changes their role and unassigns them', async () => {
		const assigned = await run('assign', { identifyBy: 'login', login: FIXTURES.outsideUserLogin, role: 'VIEWER' });
		expect(assigned.error).toBeUndefined();
		expect(ctx.sent()[0]).toEqual({ method: 'POST', path: usersPath, query: {}, body: { login: FIXTURES.outsideUserLogin, role: 'VIEWER' } });
		expect(assigned.items[0].json).toMatchObject({ id: outsider, role: 'VIEWER' });

		expect((await run('get', { userId: byId(outsider) })).items[0].json).toMatchObject({ id: outsider, first_name: 'Oscar', role: 'VIEWER' });
		const listed = await run('getAll', { returnAll: true });
		expect(listed.items.map((item) => item.json.id)).toEqual([owner, memberId, outsider]);

		const updated = await run('update', { userId: byId(outsider), role: 'CUSTOM', customRoleId: 'role_support' });
		expect(ctx.sent().at(-1)).toEqual({ method: 'PUT', path: `${usersPath}/${outsider}`, query: {}, body: { role: 'role_support' } });
		expect(updated.items[0].json).toMatchObject({ role: 'role_support' });

		const unassigned = await run('unassign', { userId: byId(outsider) });
		expect(unassigned.items.map((item) => item.json)).toEqual([{ unassigned: true, id: outsider }]);
		expect((await run('get', { userId: byId(outsider) })).error?.httpCode).toBe('404');
	});

	it('assigns by user ID into another project, and maps the 409 of a user already there', async () => {
		const assigned = await run('assign', { projectId: byId(FIXTURES.productionProjectId), identifyBy: 'id', userIdToAssign: memberId, role: 'USER' });
		expect(assigned.error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ id: memberId, role: 'USER' });
		const twice = await run('assign', { identifyBy: 'id', userIdToAssign: memberId, role: 'USER' });
		expect(twice.error?.httpCode).toBe('409');
	});

	it('invites a new user to two projects, answering what was sent (the service answers 204)', async () => {
		const invited = await run('invite', {
			email: 'new@example.com',
			firstName: 'Nina',
			lastName: 'New',
			projects: { project: [{ projectId: FIXTURES.projectId, role: 'ADMIN' }, { projectId: FIXTURES.productionProjectId, role: 'VIEWER' }] },
		});
		expect(invited.error).toBeUndefined();
		expect(invited.items.map((item) => item.json)).toEqual([{ invited: true, email: 'new@example.com' }]);
		expect(ctx.sent()).toEqual([
			{
				method: 'POST',
				path: '/management/v1/projects/users/invite',
				query: {},
				body: { email: 'new@example.com', first_name: 'Nina', last_name: 'New', projects: { [FIXTURES.projectId]: 'ADMIN', [FIXTURES.productionProjectId]: 'VIEWER' } },
			},
		]);
	});

	it("From List shows the project's users by name and login", async () => {
		const found = await listSearch('searchUsers', { parameters: { authentication: 'managementKeys', resource, operation: 'get' }, credentials: credentialsFor(ctx.emu) }, 'mark');
		expect(found.results).toEqual([{ name: 'Mark Member (member@example.com)', value: memberId }]);
	});

	describe('refuses before sending', () => {
		const base = { authentication: 'managementKeys', resource };
		it('a custom role without its ID', () =>
			ctx.expectInvalid({ ...base, operation: 'update', userId: byId(memberId), role: 'CUSTOM', customRoleId: '={{ "" }}' }, 'Custom Role ID', /is required/));
		it('an invite without projects', () => ctx.expectInvalid({ ...base, operation: 'invite', email: 'a@example.com', firstName: 'A', lastName: 'B' }, 'Projects', /at least one project/));
		it('an invite to one project twice', () =>
			ctx.expectInvalid(
				{ ...base, operation: 'invite', email: 'a@example.com', firstName: 'A', lastName: 'B', projects: { project: [{ projectId: 'proj_a', role: 'USER' }, { projectId: 'proj_a', role: 'ADMIN' }] } },
				'Projects entry 2: Project ID',
				/given twice/,
			));
		it('an email that is not one', () =>
			ctx.expectInvalid({ ...base, operation: 'invite', email: 'nina', firstName: 'A', lastName: 'B', projects: { project: [{ projectId: 'proj_a', role: 'USER' }] } }, 'Email', /email address/));
	});
});
