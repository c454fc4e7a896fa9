// The mirror against the sandbox answering as clients of the live service report (zone-less dates,
// display-name statuses, a 422 past the last page, pages 1 to 1000 only, envelopes signed again);
// n8n in Los Angeles' zone.
import { mirrorScenario } from './scenario';

mirrorScenario({ name: 'as the live service answers', timezone: 'America/Los_Angeles', live: ['zonelessDates', 'displayStatuses', 'pastEnd422', 'pageLimit', 'resigning'] });
