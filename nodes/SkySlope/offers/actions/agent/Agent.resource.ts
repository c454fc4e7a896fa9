import { defineResource } from '../../../shared';
import getListings from './getListings.operation';

export default defineResource({ value: 'agent', name: 'Offers Agent' }, [getListings]);
