import { defineResource } from '../../../shared';
import checkHealth from './checkHealth.operation';

export default defineResource({ value: 'service', name: 'Listings & Sales Service' }, [checkHealth]);
