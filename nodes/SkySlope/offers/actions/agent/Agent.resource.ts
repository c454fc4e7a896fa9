import { defineResource } from '../../../shared';
import getListings from './getListings.operation';

export default defineResource({ value: 'agent', name: 'Agent', description: 'An agent, with the listings that have offers' }, [getListings]);
