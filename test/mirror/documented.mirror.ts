// The mirror against the sandbox answering as the service documents say; n8n in New York's zone.
import { mirrorScenario } from './scenario';

mirrorScenario({ name: 'as the documents say', timezone: 'America/New_York', live: [] });
