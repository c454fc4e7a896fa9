import { formsService } from '../../nodes/SkySlope/forms/service';

const formsApiBase = formsService.baseUrl;

describe('Forms transport', () => {
	it('uses the credential\'s resolved apiBaseUrl, else builds {base_url}/partner/api', () => {
		expect(formsApiBase({ apiBaseUrl: 'https://proxy.example.com/forms/partner/api/' })).toBe('https://proxy.example.com/forms/partner/api');
		expect(formsApiBase({})).toBe('https://forms.skyslope.com/partner/api');
		expect(formsApiBase({ environment: 'staging' })).toBe('https://staging-forms.skyslope.com/partner/api');
		expect(formsApiBase({ environment: 'custom', customBaseUrl: 'http://127.0.0.1:4010/forms/' })).toBe(
			'http://127.0.0.1:4010/forms/partner/api',
		);
		// an unresolved expression is not a URL: fall back to the environment
		expect(formsApiBase({ apiBaseUrl: '={{ $self.x }}', environment: 'staging' })).toBe(
			'https://staging-forms.skyslope.com/partner/api',
		);
	});

	it('reads the service error body: message, every error, code and traceId', () => {
		expect(
			formsService.readError({ code: 'ValidationError', message: 'Bad', errors: ['a: no', { b: 1 }], traceId: 'abc' }),
		).toEqual({ code: 'ValidationError', message: 'Bad', errors: ['a: no', '{"b":1}'], traceId: 'abc' });
		expect(formsService.readError('plain text')).toEqual({ message: 'plain text' });
		expect(formsService.readError(undefined)).toEqual({});
	});
});
