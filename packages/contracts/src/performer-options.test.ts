import { describe, expect, it } from 'vitest';
import * as options from './performer-options';

const values = (list: options.Option[]) => list.map((option) => option.value);

describe('performer option sets (spec 3)', () => {
  it('height: under_140, 3 cm bands 140_142 to 188_190, over_190', () => {
    const heights = values(options.heightOptions);
    expect(heights[0]).toBe('under_140');
    expect(heights[1]).toBe('140_142');
    expect(heights.at(-2)).toBe('188_190');
    expect(heights.at(-1)).toBe('over_190');
    expect(heights).toHaveLength(19);
  });

  it('weight: under_40, 3 kg bands 40_42 to 97_99, over_100', () => {
    const weights = values(options.weightOptions);
    expect([weights[0], weights[1], weights.at(-2), weights.at(-1)]).toEqual(['under_40', '40_42', '97_99', 'over_100']);
    expect(weights).toHaveLength(22);
  });

  it('age: 18_19, 20_22, bands of 3 up to 47_49, over_50', () => {
    expect(values(options.ageOptions)).toEqual([
      '18_19',
      '20_22',
      '23_25',
      '26_28',
      '29_31',
      '32_34',
      '35_37',
      '38_40',
      '41_43',
      '44_46',
      '47_49',
      'over_50',
    ]);
  });

  it('lists the other sets exactly', () => {
    expect(values(options.bodyTypeOptions)).toEqual([
      'fit',
      'slim',
      'curvy',
      'large',
      'toned',
      'petite',
      'ripped',
      'tanned',
      'runner',
      'swimmer',
      'muscular',
      'gymBody',
    ]);
    expect(values(options.ethnicityOptions)).toEqual([
      'asian',
      'white',
      'latino',
      'hispanic',
      'black or african america',
      'american indian or alaska native',
      'native hawaiian or other pacific islander',
    ]);
    expect(values(options.sizeOptions)).toEqual(['x-large', 'large', 'medium', 'small']);
    expect(values(options.hairColorOptions)).toEqual([
      'red',
      'yellow',
      'blond',
      'black',
      'brown',
      'white',
      'brunet',
      'blue',
      'green',
      'pink',
      'ginger',
      'multiColored',
    ]);
    expect(values(options.eyeColorOptions)).toEqual(['blue', 'brown', 'green', 'amber', 'gray', 'hazel', 'red']);
    expect(values(options.sexualOrientationOptions)).toEqual(['straight', 'lesbian', 'gay', 'bisexual', 'transgender']);
  });

  it('shows transgender as Trans', () => {
    expect(options.genderOptions).toEqual([
      { value: 'male', label: 'Male' },
      { value: 'female', label: 'Female' },
      { value: 'transgender', label: 'Trans' },
    ]);
  });
});
