import { defineResource } from '../../../shared';
import getProfile from './getProfile.operation';

export default defineResource({ value: 'user', name: 'User', description: 'The profile of the user the credential signs in as' }, [getProfile]);
