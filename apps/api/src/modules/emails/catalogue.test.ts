import { alwaysEmailedKinds } from '@limelight/contracts';
import { describe, expect, it } from 'vitest';
import { catalogue } from './catalogue';

describe('the e-mail catalogue', () => {
  // The notification settings show these kinds' e-mail as always on: it must be true.
  it('sends every e-mail the settings call "always e-mailed" without a way to turn it off', () => {
    const templates = Object.values(alwaysEmailedKinds).flatMap((kind) => kind.templates);
    expect(templates.length).toBeGreaterThan(0);
    for (const key of templates) {
      expect(catalogue, key).toHaveProperty([key]);
      expect(catalogue[key as keyof typeof catalogue].category, key).toBeNull();
    }
  });
});
