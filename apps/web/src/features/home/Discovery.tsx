import { performerOptionSets, performerSearchSorts } from '@limelight/contracts/constants';
import { Card, Col, Empty, Flex, Input, Pagination, Row, Select, Skeleton, Switch, Tag, Typography } from 'antd';
import { useTableState } from '../../shared/hooks/useTableState';
import { useCountriesQuery } from '../lookups/api';
import {
  discoveryCounts,
  usePopularSearchesQuery,
  useRandomPerformersQuery,
  useRecordSearchMutation,
  useSearchPerformersQuery,
  useTopPerformersQuery,
} from '../profile/api';
import { PerformerCard } from '../profile/PerformerCard';

const filterNames = ['q', 'gender', 'country', 'age', 'hair', 'bodyType', 'ethnicity', 'isFreeSubscription', 'isOnline', 'order'] as const;
const PAGE_SIZE = 12;
const sortLabels: Record<(typeof performerSearchSorts)[number], string> = {
  popular: 'Most popular',
  newest: 'Newest',
  online: 'Online first',
};

const gridColumns = { xs: 24, sm: 12, md: 8, lg: 6 };

/**
 * Creators in a grid. While loading, one card-sized placeholder per creator asked for: the grid
 * holds the room it will need, so what follows (the next grid, the timeline) does not jump down as
 * the answers come; on a phone it then starts below the first screen.
 */
function Grid({
  performers,
  loading,
  expected,
}: {
  performers?: Array<import('@limelight/contracts').PublicPerformer>;
  loading: boolean;
  expected: number;
}) {
  if (loading) {
    return (
      <Row gutter={[16, 16]} aria-busy>
        {Array.from({ length: expected }, (_, index) => (
          <Col key={index} {...gridColumns}>
            <Card size="small" className="performer-card-placeholder" cover={<div className="performer-card-cover" />}>
              <Skeleton active avatar={{ size: 48 }} title={false} paragraph={{ rows: 2 }} />
            </Card>
          </Col>
        ))}
      </Row>
    );
  }
  if (!performers?.length) return <Empty description="No creators match. Try fewer filters." />;
  return (
    <Row gutter={[16, 16]}>
      {performers.map((performer) => (
        <Col key={performer._id} {...gridColumns}>
          <PerformerCard performer={performer} />
        </Col>
      ))}
    </Row>
  );
}

/** Top creators, random picks, and search with filters that live in the URL. */
export function Discovery() {
  const { state, query, setPage, setFilter } = useTableState(filterNames, { pageSize: PAGE_SIZE });
  const { filters } = state;
  const searching = Object.keys(filters).some((key) => key !== 'order');
  const results = useSearchPerformersQuery(
    { offset: query.offset, limit: query.limit, ...filters, order: undefined, sortBy: filters.order ?? 'popular' },
    { skip: !searching },
  );
  const top = useTopPerformersQuery(discoveryCounts.top, { skip: searching });
  const random = useRandomPerformersQuery(discoveryCounts.random, { skip: searching });
  const countries = useCountriesQuery();
  const popularSearches = usePopularSearchesQuery();
  const [recordSearch] = useRecordSearchMutation();
  const searchFor = (value: string) => {
    const keyword = value.trim();
    setFilter('q', keyword || undefined);
    if (keyword.length >= 2) void recordSearch(keyword);
  };
  const select = (name: (typeof filterNames)[number], placeholder: string, options: Array<{ value: string; label: string }>) => (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder}
      aria-label={placeholder}
      value={filters[name]}
      onChange={(value?: string) => setFilter(name, value)}
      options={options}
      style={{ minWidth: 150 }}
    />
  );

  const toggle = (name: 'isFreeSubscription' | 'isOnline', label: string) => (
    <Flex gap={4} align="center">
      <Switch
        size="small"
        aria-label={label}
        checked={filters[name] === 'true'}
        onChange={(on) => setFilter(name, on ? 'true' : undefined)}
      />
      {label}
    </Flex>
  );

  return (
    <section aria-label="Discover creators">
      <Card style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap align="center">
          <Input.Search
            key={filters.q ?? ''}
            defaultValue={filters.q}
            placeholder="Search creators"
            aria-label="Search creators"
            allowClear
            onSearch={searchFor}
            style={{ maxWidth: 280 }}
          />
          {select('gender', 'Gender', performerOptionSets.genders)}
          {select('country', 'Country', countries.data?.map((country) => ({ value: country.code, label: country.name })) ?? [])}
          {select('age', 'Age', performerOptionSets.ages)}
          {select('hair', 'Hair', performerOptionSets.hairs)}
          {select('bodyType', 'Body type', performerOptionSets.bodyTypes)}
          {select('ethnicity', 'Ethnicity', performerOptionSets.ethnicities)}
          {toggle('isFreeSubscription', 'Free trial')}
          {toggle('isOnline', 'Online now')}
          {select(
            'order',
            'Sort',
            performerSearchSorts.map((value) => ({ value, label: sortLabels[value] })),
          )}
        </Flex>
        {!!popularSearches.data?.data.length && (
          <Flex gap={4} wrap align="center" style={{ marginTop: 12 }}>
            <Typography.Text type="secondary">Popular searches:</Typography.Text>
            {popularSearches.data.data.map(({ keyword }) => (
              <Tag.CheckableTag key={keyword} checked={filters.q === keyword} onChange={() => searchFor(keyword)}>
                {keyword}
              </Tag.CheckableTag>
            ))}
          </Flex>
        )}
      </Card>
      {searching ? (
        <>
          <Typography.Title level={3}>
            {results.data ? `${results.data.total} creator${results.data.total === 1 ? '' : 's'}` : 'Searching…'}
          </Typography.Title>
          <Grid performers={results.data?.data} loading={results.isFetching} expected={PAGE_SIZE} />
          <Pagination
            style={{ marginTop: 16 }}
            current={state.current}
            pageSize={state.pageSize}
            total={results.data?.total}
            onChange={setPage}
            hideOnSinglePage
          />
        </>
      ) : (
        <>
          <Typography.Title level={3}>Top creators</Typography.Title>
          <Grid performers={top.data} loading={top.isLoading} expected={discoveryCounts.top} />
          <Typography.Title level={3} style={{ marginTop: 24 }}>
            Discover someone new
          </Typography.Title>
          <Grid performers={random.data} loading={random.isLoading} expected={discoveryCounts.random} />
        </>
      )}
    </section>
  );
}
