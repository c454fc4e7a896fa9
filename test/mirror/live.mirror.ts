// The mirror against the sandbox answering as clients of the live service report (zone-less dates,
// display-name statuses, a 422 past the last page, pages 1 to 1000 only, envelopes signed again);
// n8n in Los Angeles' zone, its polling triggers run by n8n's durable scheduler (each poll with a
// budget, abandoned after 45 s, the workflow built from the database on every tick), which n8n
// announces as the default for schedules from 2.45. The other file keeps the classic scheduler.
import { mirrorScenario } from './scenario';

export const DURABLE_SCHEDULER = { N8N_SCHEDULER_ENABLED: 'true', N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true' };

mirrorScenario({
	name: 'as the live service answers',
	timezone: 'America/Los_Angeles',
	live: ['zonelessDates', 'displayStatuses', 'pastEnd422', 'pageLimit', 'resigning'],
	n8nEnv: DURABLE_SCHEDULER,
});
