/** Performer profile option sets, exactly as the spec's section 3 lists them (value, label). */
export type Option = { value: string; label: string };

const bands = (from: number, to: number, step: number, unit: string): Option[] => {
  const options: Option[] = [];
  for (let low = from; low + step - 1 <= to; low += step) {
    const high = low + step - 1;
    options.push({ value: `${low}_${high}`, label: `${low} - ${high} ${unit}`.trim() });
  }
  return options;
};
const plain = (...values: string[]): Option[] => values.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }));

export const heightOptions: Option[] = [
  { value: 'under_140', label: 'Under 140 cm' },
  ...bands(140, 190, 3, 'cm'),
  { value: 'over_190', label: 'Over 190 cm' },
];
export const weightOptions: Option[] = [
  { value: 'under_40', label: 'Under 40 kg' },
  ...bands(40, 99, 3, 'kg'),
  { value: 'over_100', label: 'Over 100 kg' },
];
export const ageOptions: Option[] = [{ value: '18_19', label: '18 - 19' }, ...bands(20, 49, 3, ''), { value: 'over_50', label: 'Over 50' }];
export const bodyTypeOptions = plain(
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
);
export const ethnicityOptions = plain(
  'asian',
  'white',
  'latino',
  'hispanic',
  'black or african america',
  'american indian or alaska native',
  'native hawaiian or other pacific islander',
);
export const sizeOptions = plain('x-large', 'large', 'medium', 'small');
export const hairColorOptions = plain(
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
);
export const eyeColorOptions = plain('blue', 'brown', 'green', 'amber', 'gray', 'hazel', 'red');
export const genderOptions: Option[] = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'transgender', label: 'Trans' },
];
export const sexualOrientationOptions = plain('straight', 'lesbian', 'gay', 'bisexual', 'transgender');

export const genderValues = ['male', 'female', 'transgender'] as const;
export type Gender = (typeof genderValues)[number];

/** Every option set by name, as `GET /user-additional` serves them. */
export const performerOptionSets = {
  heights: heightOptions,
  weights: weightOptions,
  ages: ageOptions,
  bodyTypes: bodyTypeOptions,
  ethnicities: ethnicityOptions,
  sizes: sizeOptions,
  hairs: hairColorOptions,
  eyes: eyeColorOptions,
  genders: genderOptions,
  sexualOrientations: sexualOrientationOptions,
};

/** The body attributes of a creator profile, with their labels, as forms and pages show them. */
export const performerAttributeFields = [
  { name: 'height', label: 'Height', options: heightOptions },
  { name: 'weight', label: 'Weight', options: weightOptions },
  { name: 'bodyType', label: 'Body type', options: bodyTypeOptions },
  { name: 'ethnicity', label: 'Ethnicity', options: ethnicityOptions },
  { name: 'size', label: 'Size', options: sizeOptions },
  { name: 'hair', label: 'Hair colour', options: hairColorOptions },
  { name: 'eyes', label: 'Eye colour', options: eyeColorOptions },
  { name: 'sexualOrientation', label: 'Sexual orientation', options: sexualOrientationOptions },
] as const;
