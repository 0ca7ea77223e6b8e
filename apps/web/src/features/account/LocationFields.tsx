import { Col, Form, type FormInstance, Select } from 'antd';
import type { ReactNode } from 'react';
import { CountrySelect, useListCountryStatesQuery, useListLanguagesQuery, useListStateCitiesQuery } from '../lookups';

type Noted = 'country' | 'state' | 'city';

/** Country, then its states, then the state's cities, plus spoken languages; `notes` under a field (what fans see while a change is in review). */
export function LocationFields({ form, notes = {} }: { form: FormInstance; notes?: Partial<Record<Noted, ReactNode>> }) {
  const country: string | undefined = Form.useWatch('country', form);
  const state: string | undefined = Form.useWatch('state', form);
  const states = useListCountryStatesQuery({ country: country ?? '' }, { skip: !country });
  const stateCode = states.data?.find((entry) => entry.name === state)?.code;
  const cities = useListStateCitiesQuery({ country: country ?? '', state: stateCode ?? '' }, { skip: !country || !stateCode });
  const languages = useListLanguagesQuery();
  const searchable = { showSearch: { optionFilterProp: 'label' }, allowClear: true, placeholder: 'Choose' } as const;
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item name="country" label="Country" extra={notes.country}>
          <CountrySelect onChange={() => form.setFieldsValue({ state: null, city: null })} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="state" label="State or region" extra={notes.state}>
          <Select
            {...searchable}
            disabled={!country}
            loading={states.isFetching}
            options={states.data?.map((entry) => ({ value: entry.name, label: entry.name }))}
            onChange={() => form.setFieldsValue({ city: null })}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="city" label="City" extra={notes.city}>
          <Select
            {...searchable}
            disabled={!stateCode}
            loading={cities.isFetching}
            options={cities.data?.map((entry) => ({ value: entry.name, label: entry.name }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="languages" label="Languages">
          <Select
            {...searchable}
            mode="multiple"
            loading={languages.isLoading}
            options={languages.data?.map((entry) => ({ value: entry.code, label: `${entry.name} (${entry.nativeName})` }))}
          />
        </Form.Item>
      </Col>
    </>
  );
}
