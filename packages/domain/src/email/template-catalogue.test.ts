import { describe, expect, it } from 'vitest';
import { sampleData, testSendData } from './template-catalogue';

describe('the data of a test send', () => {
  it('puts the sample links at the product’s address, and keeps every other value, given or sample', () => {
    const data = testSendData('space-owner', { spaceName: 'Lab' }, 'https://sim.hospital.test');
    expect(data).toEqual({ ...sampleData('space-owner'), spaceName: 'Lab', signInUrl: 'https://sim.hospital.test/' });
    expect(testSendData('space-owner', sampleData('space-owner'), 'https://sim.hospital.test').signInUrl).toBe(
      'https://sim.hospital.test/',
    );
    expect(testSendData('space-owner', { signInUrl: 'https://other.test/x' }, 'https://sim.hospital.test').signInUrl).toBe(
      'https://other.test/x',
    );
  });
});
