import { catalogueLocator, readCatalogueId } from '../../shared/catalogue';
import { path } from '../../transport/request';
import { EARNING_RULE } from '../earningRule/fields';
import { memberPath } from '../programMember/fields';
import { memberLocator } from '../programMember/search';
import { programLocator } from '../program/search';
import { memberReport } from './fields';

export const getMemberEarningRuleDaily = memberReport({
	value: 'getMemberEarningRuleDaily',
	name: 'Get Member Earning Rule Daily Report',
	action: 'Get the daily report of an earning rule for a program member',
	description: 'How many times an earning rule gave the member its earnings, per day, week, month or quarter of a date range',
	endpoint: 'GET /v2/loyalties/programs/{programId}/members/{memberId}/earning-rules/{earningRuleId}/reports/daily',
	properties: [programLocator, memberLocator, catalogueLocator(EARNING_RULE)],
	pathOf: (params) => `${memberPath(params)}${path`/earning-rules/${readCatalogueId(params, EARNING_RULE)}`}/reports/daily`,
});
