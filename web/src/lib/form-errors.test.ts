import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { fieldErrorProps, issuesFromSchema, issuesFromServer, serverDetails } from './form-errors';

describe('form errors', () => {
  it('reads the fields a server validation error names, by their top-level key', () => {
    const error = new ApiError('validation_error', 'Each specialty must be at most 60 characters', 400, [
      { field: 'specialties.1', message: 'Each specialty must be at most 60 characters' },
      { field: 'postcode', message: 'Invalid UK postcode format' },
      { nonsense: true },
    ]);
    expect(issuesFromServer(error)).toEqual([
      { field: 'specialties', message: 'Each specialty must be at most 60 characters' },
      { field: 'postcode', message: 'Invalid UK postcode format' },
    ]);
    expect(issuesFromServer(new ApiError('email_taken', 'Taken', 409))).toEqual([]);
    expect(issuesFromServer(new Error('boom'))).toEqual([]);
  });

  it('keeps the whole path for forms of repeated rows', () => {
    const error = new ApiError('validation_error', 'Each milestone must be at least £1', 400, [
      { field: 'milestones.1.amountPence', message: 'Each milestone must be at least £1' },
      { field: 'milestones', message: 'A plan needs at least 2 milestones' },
    ]);
    expect(serverDetails(error).map((d) => d.field)).toEqual(['milestones.1.amountPence', 'milestones']);
    expect(serverDetails(new Error('boom'))).toEqual([]);
  });

  it('reads a schema’s issues the same way', () => {
    expect(issuesFromSchema([{ path: ['serviceAreas', 2], message: 'Too long' }])).toEqual([
      { field: 'serviceAreas', message: 'Too long' },
    ]);
  });

  it('describes a field by its hints, then its message, and marks it invalid only with one', () => {
    expect(fieldErrorProps('job-postcode', 'Invalid UK postcode format', 'job-postcode-hint')).toEqual({
      'aria-invalid': true,
      'aria-describedby': 'job-postcode-hint job-postcode-error',
    });
    expect(fieldErrorProps('job-postcode', undefined, 'job-postcode-hint', false)).toEqual({
      'aria-invalid': undefined,
      'aria-describedby': 'job-postcode-hint',
    });
    expect(fieldErrorProps('job-title', null)).toEqual({
      'aria-invalid': undefined,
      'aria-describedby': undefined,
    });
  });
});
